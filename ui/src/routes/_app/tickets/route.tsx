import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../../features/shell/page";

/** The inbox layout (tickets panel + the open ticket) around /tickets and /tickets/:uuid. */
export const Route = createFileRoute("/_app/tickets")({
  component: page(() => import("../../../features/tickets/components/TicketsLayout")),
});
