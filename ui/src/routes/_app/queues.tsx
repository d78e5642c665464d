import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/queues")({
  component: page(() => import("../../features/queues/components/QueuesPage"), { perm: "queues:manage" }),
});
