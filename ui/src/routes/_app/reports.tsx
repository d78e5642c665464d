import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

/** /reports: the tickets report for dashboard:view, the 403 screen for others. */
export const Route = createFileRoute("/_app/reports")({
  component: page(() => import("../../features/reports/components/ReportsPage"), { perm: "dashboard:view" }),
});
