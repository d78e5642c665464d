import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../features/shell/page";

export const Route = createFileRoute("/_app/queues")({
  component: comingSoon("menu.queues", { perm: "queues:manage" }),
});
