import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../features/shell/page";

export const Route = createFileRoute("/_app/reports")({
  component: comingSoon("menu.reports", { perm: "dashboard:view" }),
});
