import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

/** "/": the dashboard for dashboard:view, the 403 screen for others. */
export const Route = createFileRoute("/_app/")({
  component: page(() => import("../../features/dashboard/components/DashboardPage"), { perm: "dashboard:view" }),
});
