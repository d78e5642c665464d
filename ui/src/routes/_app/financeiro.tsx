import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../features/shell/page";

export const Route = createFileRoute("/_app/financeiro")({
  component: comingSoon("menu.financeiro", { perm: "settings:manage" }),
});
