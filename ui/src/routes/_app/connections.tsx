import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../features/shell/page";

export const Route = createFileRoute("/_app/connections")({
  component: comingSoon("menu.connections", { perm: "connections-page:view" }),
});
