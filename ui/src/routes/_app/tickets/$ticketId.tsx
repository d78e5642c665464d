import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../../features/shell/page";

/** The conversation, addressed by the ticket's uuid (spec 1 §2.1). */
export const Route = createFileRoute("/_app/tickets/$ticketId")({
  component: page(() => import("../../../features/tickets/conversation/Conversation")),
});
