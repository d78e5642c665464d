/**
 * Delivery progress of our messages. Baileys reports it two ways:
 *   - 'messages.update' with update.status (proto.WebMessageInfo.Status) for 1:1 chats;
 *   - 'message-receipt.update' with a per-participant receipt (receiptTimestamp / readTimestamp / playedTimestamp)
 *     for groups.
 *
 * WhatsApp status -> our Ack (src/channels/adapter.ts: 0 pending, 1 sent, 2 delivered, 3 read, 4 played):
 *   ERROR 0        -> an error ack (the message is marked failed)
 *   PENDING 1      -> 0 (never sent backward: the core sets 1 when send() answers)
 *   SERVER_ACK 2   -> 1
 *   DELIVERY_ACK 3 -> 2
 *   READ 4         -> 3
 *   PLAYED 5       -> 4
 * Group receipts: the first participant's receipt moves the message (delivered 2, read 3, played 4); WhatsApp's own
 * "everyone read it" needs the member list and is not computed.
 */
import { proto, type MessageUserReceipt } from "baileys";
import type { Ack } from "../../../src/channels/adapter";

const S = proto.WebMessageInfo.Status;

/** Our ack for a WhatsApp status; "error" for ERROR; undefined for anything unknown. */
export function ackFromStatus(status: number | null | undefined): Ack | "error" | undefined {
  switch (status) {
    case S.ERROR:
      return "error";
    case S.PENDING:
      return 0;
    case S.SERVER_ACK:
      return 1;
    case S.DELIVERY_ACK:
      return 2;
    case S.READ:
      return 3;
    case S.PLAYED:
      return 4;
    default:
      return undefined;
  }
}

/** Our ack for one participant's receipt in a group. */
export function ackFromReceipt(receipt: MessageUserReceipt): Ack | undefined {
  if (receipt.playedTimestamp) return 4;
  if (receipt.readTimestamp) return 3;
  if (receipt.receiptTimestamp) return 2;
  return undefined;
}

/** Remembers the highest ack sent per message (bounded) so nothing is reported twice or backward. */
export class AckTracker {
  private last = new Map<string, Ack>();

  constructor(private max = 5_000) {}

  /** True when this ack moves the message forward (and records it). */
  forward(externalId: string, ack: Ack): boolean {
    const prev = this.last.get(externalId);
    if (prev !== undefined && ack <= prev) return false;
    this.last.delete(externalId);
    this.last.set(externalId, ack);
    if (this.last.size > this.max) this.last.delete(this.last.keys().next().value!);
    return true;
  }
}
