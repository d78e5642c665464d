import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../../features/shell/page";

/** The conversation, addressed by the ticket's uuid. */
export const Route = createFileRoute("/_app/tickets/$ticketId")({
  component: page(() => import("../../../features/tickets/conversation/Conversation")),
});
