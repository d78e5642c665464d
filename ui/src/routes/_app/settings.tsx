import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../features/shell/page";

export const Route = createFileRoute("/_app/settings")({
  component: comingSoon("menu.settings", { perm: "settings:manage" }),
});
