import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/connections")({
  component: page(() => import("../../features/connections/components/ConnectionsPage"), { perm: "connections-page:view" }),
});
