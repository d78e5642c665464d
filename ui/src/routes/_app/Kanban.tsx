import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/Kanban")({
  component: page(() => import("../../features/kanban/components/KanbanPage"), { plan: "useKanban" }),
});
