import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../features/shell/page";

export const Route = createFileRoute("/_app/allConnections")({
  component: comingSoon("menu.allConnections", { perm: "platform:manage", permRedirectTo: "/tickets" }),
});
