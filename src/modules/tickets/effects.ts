/**
 * Messages a ticket action sends by itself, after its transaction commits: the farewell on close, the accepted
 * greeting and the transfer message are the automation's texts (origin bot, through src/automation/closing.ts); the
 * transfer note is the agent's private note. Resolving with ratings on asks for the rating instead of closing.
 * A failure to queue one is logged; the action it follows has already happened.
 */
import type { Updateable } from "kysely";
import { askRating, sayOnTicket } from "../../automation/closing";
import type { AppContext } from "../../context";
import type { TicketsTable } from "../../db/schema";
import type { Actor } from "../../http/permissions";
import { privateNote } from "../messages/compose";
import { getCompanySetting } from "../settings/queries";
import { type TicketCore, ticketTextContext, userFarewellMessage } from "./queries";

type TicketContext = NonNullable<Awaited<ReturnType<typeof ticketTextContext>>>;

/** Groups get automatic texts (the greeting on accept included) only when their connection treats groups as tickets. */
const mayGreet = (t: TicketContext) => t.whatsappId !== null && t.whatsappDeletedAt === null && (t.isGroup !== 1 || t.whatsappGroupAsTicket === "enabled");

export function createTicketEffects(ctx: AppContext) {
  async function send(actor: Actor, t: TicketContext, text: string) {
    try {
      await sayOnTicket(ctx, actor.companyId, t.id, text, t.userName ?? actor.name);
    } catch (err) {
      ctx.log.error("automatic ticket message not queued", { ticketId: t.id, err: String(err) });
    }
  }

  return {
    /**
     * Closing with the farewell: the assigned user's farewellMessage (the closer's when nobody was assigned), else the
     * connection's complationMessage. A ticket closed while pending gets it only with sendFarewellWaitingTicket.
     */
    async farewell(actor: Actor, ticketId: number, wasPending: boolean) {
      if (wasPending && (await getCompanySetting(ctx.db, actor.companyId, "sendFarewellWaitingTicket")) !== "enabled") return;
      const t = await ticketTextContext(ctx.db, actor.companyId, ticketId);
      if (!t || !mayGreet(t)) return;
      const own = t.userName === null ? await userFarewellMessage(ctx.db, actor.companyId, actor.userId) : t.farewellMessage;
      const text = own?.trim() ? own : (t.complationMessage ?? "");
      if (text.trim()) await send(actor, t, text);
    },

    /**
     * Resolving with the company's userRating on and the connection's ratingMessage: the ticket waits in nps for the
     * contact's rating (src/automation/closing.ts) instead of closing; `change` is the rest of the close's change.
     */
    async askRating(actor: Actor, ticket: TicketCore, change: Updateable<TicketsTable>) {
      if ((await getCompanySetting(ctx.db, actor.companyId, "userRating")) !== "enabled") return "no" as const;
      const t = await ticketTextContext(ctx.db, actor.companyId, ticket.id);
      if (!t || !mayGreet(t)) return "no" as const;
      return askRating(ctx, actor.companyId, ticket, { userName: t.userName ?? actor.name, change });
    },

    /** After accepting a pending ticket, with sendGreetingAccepted and a greetingAcceptedMessage. */
    async acceptedGreeting(actor: Actor, ticketId: number) {
      if ((await getCompanySetting(ctx.db, actor.companyId, "sendGreetingAccepted")) !== "enabled") return;
      const text = await getCompanySetting(ctx.db, actor.companyId, "greetingAcceptedMessage");
      const t = text.trim() ? await ticketTextContext(ctx.db, actor.companyId, ticketId) : undefined;
      if (t && mayGreet(t)) await send(actor, t, text);
    },

    /** A transfer: the agent's note (private) and, with sendMsgTransfTicket, the transferMessage to the contact. */
    async transferred(actor: Actor, ticketId: number, msgTransfer: string | null | undefined) {
      if (msgTransfer?.trim()) {
        try {
          await ctx.channels.outbound.queue({
            companyId: actor.companyId,
            ticketId,
            body: privateNote(actor.name, msgTransfer.trim()),
            origin: "agent",
            userId: actor.userId,
            isPrivate: true,
          });
        } catch (err) {
          ctx.log.error("transfer note not stored", { ticketId, err: String(err) });
        }
      }
      if ((await getCompanySetting(ctx.db, actor.companyId, "sendMsgTransfTicket")) !== "enabled") return;
      const text = await getCompanySetting(ctx.db, actor.companyId, "transferMessage");
      const t = text.trim() ? await ticketTextContext(ctx.db, actor.companyId, ticketId) : undefined;
      if (t && mayGreet(t)) await send(actor, t, text);
    },
  };
}
