import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../features/shell/page";

export const Route = createFileRoute("/_app/announcements")({
  component: comingSoon("menu.announcements", { perm: "platform:manage", permRedirect: true }),
});
