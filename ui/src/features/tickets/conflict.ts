import { ApiError } from "../../api/client";
import type { OpenTicketHolder } from "./dialogs";

type Raw = { userId?: unknown; uuid?: unknown; status?: unknown; user?: { name?: unknown } | null; queue?: { name?: unknown } | null };

function fromRaw(raw: Raw | null | undefined): OpenTicketHolder | null {
  if (!raw || typeof raw !== "object" || typeof raw.uuid !== "string") return null;
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    userId: typeof raw.userId === "number" ? raw.userId : null,
    userName: str(raw.user?.name),
    queueName: str(raw.queue?.name),
    uuid: raw.uuid,
    status: typeof raw.status === "string" ? (raw.status as OpenTicketHolder["status"]) : undefined,
  };
}

/**
 * The holder of the contact's open ticket from an ERR_OTHER_OPEN_TICKET answer: the body's `ticket`, or the JSON string
 * in its message (userId, user name, queue name, uuid, status), as the family we replace sends it.
 */
export function openTicketHolder(err: unknown): OpenTicketHolder | null {
  if (!(err instanceof ApiError) || err.code !== "ERR_OTHER_OPEN_TICKET") return null;
  const fromBody = fromRaw(err.body.ticket as Raw);
  if (fromBody) return fromBody;
  try {
    return fromRaw(JSON.parse(err.message) as Raw);
  } catch {
    return null;
  }
}
