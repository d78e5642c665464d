/**
 * A queue's round-robin (ativarRoteador): its pending tickets that nobody holds (the bot done with them) go to its
 * online members in turn, the one after the member served last. A ticket whose holder leaves it idle tempoRoteador
 * minutes (no message from them since the later of getting it and the contact's last message) goes to the next online
 * member, pending, for them to take. With nobody else online the ticket stays as it is; a member coming online has the
 * queue's tickets looked at again.
 */
import { onlineMembers } from "../queries";
import { type TimedRule, later, minutes, whileQuiet } from "./due";
import type { TimerFacts } from "./facts";
import { assignedAt, lastMessageAt, setRoundRobinUser } from "./queries";

export const roundRobinOn = (q: { ativarRoteador: number | null }) => q.ativarRoteador === 1;

const unheld = (f: TimerFacts) => f.ticket.status === "pending" && f.ticket.userId === null && f.ticket.botStage !== "menu" && f.ticket.botStage !== "tree";
const held = (f: TimerFacts) => (f.ticket.status === "pending" || f.ticket.status === "open") && f.ticket.userId !== null && (f.ticket.tempoRoteador ?? 0) > 0;

/** The online member after the one served last (by id, round), other than `except`. */
async function nextMember(f: TimerFacts, except: number | null): Promise<number | undefined> {
  const ids = (await onlineMembers(f.ctx.db, f.ticket.companyId, f.ticket.queueId!)).map((m) => m.id).filter((id) => id !== except);
  const last = f.ticket.roundRobinUserId ?? 0;
  return ids.find((id) => id > last) ?? ids[0];
}

/** When the holder's idle time started, or undefined when they wrote since. */
async function holderIdleFrom(f: TimerFacts, since: number): Promise<number | undefined> {
  const { companyId, id, userId } = f.ticket;
  const [got, wrote] = await Promise.all([assignedAt(f.ctx.db, companyId, id, userId!), lastMessageAt(f.ctx.db, companyId, id, { userId: userId! })]);
  const from = later(got ? Date.parse(got) : undefined, f.contactAt, since, Date.parse(f.ticket.createdAt));
  return wrote && Date.parse(wrote) >= from ? undefined : from;
}

export const roundRobin: TimedRule = {
  name: "roundRobin",
  owner: (f) => (f.ticket.queueId !== null && f.ticket.isGroup === 0 && roundRobinOn(f.ticket) ? f.ticket.queueId : undefined),
  async due(f, since) {
    if (unheld(f)) return (await nextMember(f, null)) === undefined ? undefined : f.now;
    if (!held(f) || (await nextMember(f, f.ticket.userId)) === undefined) return undefined;
    const from = await holderIdleFrom(f, since);
    return from === undefined ? undefined : from + minutes(f.ticket.tempoRoteador!);
  },
  async act(turn, f) {
    const holder = f.ticket.userId;
    const next = await nextMember(f, holder);
    if (next === undefined) return;
    turn.set(holder === null ? { userId: next } : { userId: next, status: "pending" });
    turn.log("queue", { userId: next });
    turn.write((trx) => setRoundRobinUser(trx, f.ticket.companyId, f.ticket.queueId!, next));
    whileQuiet(turn, f);
  },
};
