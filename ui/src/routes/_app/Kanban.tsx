import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../features/shell/page";

export const Route = createFileRoute("/_app/Kanban")({
  component: comingSoon("menu.kanban", { plan: "useKanban" }),
});
