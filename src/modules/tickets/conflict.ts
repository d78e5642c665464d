import { AppError } from "../../http/errors";
import type { LiveTicket } from "./queries";

/**
 * A contact has at most one ticket that is not closed per connection (the tickets_one_live index). Creating or
 * reopening another answers 409 ERR_OTHER_OPEN_TICKET naming the ticket that holds it: the web app
 * opens it when the holder is the current user, else shows who holds it and in which queue. The holder is named in
 * `ticket` and, as the product we replace sends it, as a JSON string in `message` (findLiveTicket in queries.ts reads it).
 */
export function otherOpenTicket(held: LiveTicket): AppError {
  const ticket = {
    id: held.id,
    uuid: held.uuid,
    status: held.status,
    userId: held.userId,
    user: held.userId !== null && held.userName !== null ? { id: held.userId, name: held.userName } : null,
    queue: held.queueId !== null && held.queueName !== null ? { id: held.queueId, name: held.queueName } : null,
  };
  return new AppError("ERR_OTHER_OPEN_TICKET", 409, JSON.stringify(ticket), { ticket });
}

/** Whether a database error is the one-live-ticket index refusing a second live ticket (a race the check lost). */
export function isLiveTicketClash(err: unknown): boolean {
  return String(err).includes("UNIQUE") && String(err).includes("tickets.contactId");
}
