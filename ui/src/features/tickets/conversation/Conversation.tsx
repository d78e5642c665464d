import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { css } from "../../../../styled-system/css";
import { onSocketEvent } from "../../../realtime/socket";
import { useSessionUser } from "../../auth/hooks";
import { ContactDrawer } from "../../contacts/components/ContactDrawer";
import { ExtrasDialogs } from "../../conversation-extras/components/ExtrasMenus";
import { ForwardBar } from "../../conversation-extras/components/Forwarding";
import { PageSpinner } from "../../shell/page";
import { flattenMessages } from "../cache";
import { messagesQuery, ticketQuery } from "../queries";
import { useSocketRoom } from "../rooms";
import { inbox } from "../store";
import { isLiveStatus } from "../types";
import { resetComposer } from "./composer";
import { MessageInput } from "./MessageInput";
import { MessagesList } from "./MessagesList";
import { TicketHeader } from "./TicketHeader";

/**
 * /tickets/:uuid: header, messages, input and the contact drawer. Joins the ticket's room while open;
 * goes back to /tickets when the ticket cannot be loaded or is deleted.
 */
export default function Conversation() {
  const { ticketId: uuid } = useParams({ strict: false }) as { ticketId: string };
  const navigate = useNavigate();
  const user = useSessionUser();
  const q = useQuery(ticketQuery(uuid));
  const ticket = q.data;
  const messagesQ = useInfiniteQuery({ ...messagesQuery(ticket?.id ?? 0), enabled: !!ticket });
  const messages = useMemo(() => flattenMessages(messagesQ.data), [messagesQ.data]);
  const [drawer, setDrawer] = useState(false);
  useSocketRoom("ChatBox", ticket?.id);

  useEffect(() => {
    if (q.isError) void navigate({ to: "/tickets", replace: true });
  }, [q.isError, navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: opening another ticket (a new uuid) clears the composer and closes the contact drawer.
  useEffect(() => {
    resetComposer();
    setDrawer(false);
  }, [uuid]);

  const id = ticket?.id;
  useEffect(() => {
    inbox.openTicketId = id ?? null;
    return () => {
      inbox.openTicketId = null;
    };
  }, [id]);

  const companyId = user?.companyId;
  useEffect(() => {
    if (!id || !companyId) return;
    return onSocketEvent(`company-${companyId}-ticket`, (d: { action?: string; ticketId?: number }) => {
      if (d.action === "delete" && d.ticketId === id) void navigate({ to: "/tickets", replace: true });
    });
  }, [id, companyId, navigate]);

  if (!ticket) return <PageSpinner />;
  const canSend = isLiveStatus(ticket.status);
  return (
    <div
      className={css({ position: "relative", display: "flex", flex: "1", minH: 0, minW: 0, overflow: "hidden" })}
      data-testid="conversation"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
    >
      <div className={css({ display: "flex", flexDirection: "column", flex: "1", minW: 0 })}>
        <TicketHeader ticket={ticket} onContact={() => setDrawer((v) => !v)} />
        {/* The contact drawer lies over the messages only: the header's actions and the input stay within reach. */}
        <div className={css({ position: "relative", display: "flex", flexDirection: "column", flex: "1", minH: 0 })}>
          <MessagesList ticket={ticket} canSend={canSend} />
          {drawer ? <ContactDrawer ticket={ticket} onClose={() => setDrawer(false)} /> : null}
        </div>
        <ForwardBar ticketId={ticket.id} />
        <MessageInput key={ticket.id} ticket={ticket} messages={messages} />
      </div>
      <ExtrasDialogs ticketId={ticket.id} />
    </div>
  );
}
