import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../features/shell/page";

export const Route = createFileRoute("/_app/queue-integration")({
  component: comingSoon("menu.queueIntegration", { perm: "settings:manage", plan: "useIntegrations" }),
});
