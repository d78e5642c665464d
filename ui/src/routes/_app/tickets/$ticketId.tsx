import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../../features/shell/page";

export const Route = createFileRoute("/_app/tickets/$ticketId")({
  component: comingSoon("menu.tickets"),
});
