import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { channelsQuery } from "../../connections/queries";
import type { Ticket } from "../types";

export interface Capabilities {
  react: boolean;
  edit: boolean;
  delete: boolean;
}

const NONE: Capabilities = { react: false, edit: false, delete: false };

/**
 * What the ticket's channel can do to a message already sent (GET /api/channels manifests): the conversation hides
 * reactions and greys out edits and deletes of sent messages the channel cannot carry (ARCHITECTURE.md, features).
 */
export function useChannelCapabilities(ticket: Pick<Ticket, "channel" | "whatsapp">): Capabilities {
  const channel = ticket.whatsapp?.channel ?? ticket.channel;
  const q = useQuery({ ...channelsQuery, select: (list) => list.find((c) => c.id === channel)?.capabilities });
  const { react = false, edit = false, delete: del = false } = q.data ?? NONE;
  return useMemo(() => ({ react, edit, delete: del }), [react, edit, del]);
}
