import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../features/shell/page";

export const Route = createFileRoute("/_app/prompts")({
  component: comingSoon("menu.prompts", { perm: "settings:manage", plan: "useOpenAi" }),
});
