import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../features/shell/page";

export const Route = createFileRoute("/_app/files")({
  component: comingSoon("menu.files", { perm: "settings:manage" }),
});
