/** The row changes of one inbound batch, collected inside its transaction and published after its commit. */
import type { Ticket, TicketStatus } from "../db/schema";
import type { Ack, ChannelError } from "./adapter";

/** What the automation hook receives after an inbound message is committed. */
export interface InboundHookEvent {
  companyId: number;
  connectionId: number;
  ticketId: number;
  contactId: number;
  messageId: number;
  ticketCreated: boolean;
  fromMe: boolean;
  isGroup: boolean;
  /** The message as stored. */
  body: string;
  mediaType: string | null;
  /** The ticket as the message found it (after a reopen), so a listener can tell without a read whether it concerns it. */
  ticketStatus: TicketStatus;
  botStage: Ticket["botStage"];
  /** The contact was warned of inactivity on this ticket and has not answered since. */
  inactiveWarned: boolean;
  /** The record of a call the connection refused (InboundMessage.callRefused). */
  callRefused: boolean;
}

/** Row changes of one batch, published after its commit. */
export class Effects {
  ticketsCreated = new Map<number, number>(); // ticketId -> companyId
  ticketsUpdated = new Map<number, number>();
  contactsCreated = new Map<number, number>();
  contactsUpdated = new Map<number, number>();
  contactsDeleted = new Map<number, number>();
  messagesCreated: { companyId: number; ticketId: number; messageId: number }[] = [];
  messagesUpdated = new Map<number, { companyId: number; ticketId: number }>();
  hooks: InboundHookEvent[] = [];
  earlyAcks: { key: string; ack: Ack; error?: ChannelError }[] = [];

  ticketTouched(companyId: number, ticketId: number) {
    if (!this.ticketsCreated.has(ticketId)) this.ticketsUpdated.set(ticketId, companyId);
  }
}
