import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/allConnections")({
  component: page(() => import("../../features/connections/components/AllConnectionsPage"), { perm: "platform:manage", permRedirectTo: "/tickets" }),
});
