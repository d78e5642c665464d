/**
 * One turn of the automation: what it knows when a contact's message arrives (or a timer fires), what it decides to
 * say and change, and the one transaction that writes it all. Steps only read the facts and call say/ask/set/log; the
 * commit writes the ticket's change (only if nobody moved the ticket meanwhile), the texts as `bot` messages through
 * the outbound pipeline and the ticket logs together, so a crash leaves all of it or none, and a restart resumes the
 * dialogue from the stored state exactly once.
 */
import type { Updateable } from "kysely";
import type { AppContext } from "../context";
import type { Db } from "../db/database";
import type { TicketLogType, TicketsTable } from "../db/schema";
import type { StoredOutbound } from "../channels/outbound";
import type { StoredMedia } from "../storage/media";
import { addTicketLog } from "../modules/tickets/queries";
import { type CompanySettingKey, COMPANY_SETTINGS } from "../modules/settings/catalogue";
import { companySettingsList } from "../modules/settings/queries";
import { changesWhatAgentsSee } from "./state";
import { fillTemplate } from "./template";
import { type BotCompany, type BotConnection, type BotTicket, botCompany, botConnection, botQueue, botTicket, setTicket, updateIfUnmoved } from "./queries";

export type Settings = { readonly [K in CompanySettingKey]: string };

export interface TurnFacts {
  now: Date;
  ticket: BotTicket;
  connection: BotConnection;
  company: BotCompany;
  settings: Settings;
}

interface Outgoing {
  text: string;
  media?: StoredMedia;
  /** The bot's question: the ticket remembers it (botPromptId/At). */
  prompt: boolean;
}

export class Turn {
  readonly outgoing: Outgoing[] = [];
  readonly logs: { type: TicketLogType; queueId: number | null; userId: number | null }[] = [];
  /** A step's own writes (a rating, a contact's consent, a timer): committed with the ticket's change or not at all. */
  readonly writes: ((trx: Db) => Promise<unknown>)[] = [];
  /** The agent's name for {{user}}: set when the texts speak for an agent (a farewell, a rating question). */
  userName: string | null = null;
  private patch: Updateable<TicketsTable> = {};

  constructor(
    readonly ctx: AppContext,
    readonly facts: TurnFacts,
  ) {}

  get now(): Date {
    return this.facts.now;
  }

  /** The ticket as this turn leaves it so far (the stored row with the changes decided before). */
  get ticket(): BotTicket {
    return { ...this.facts.ticket, ...(this.patch as Partial<BotTicket>) };
  }

  get connection(): BotConnection {
    return this.facts.connection;
  }

  setting(key: CompanySettingKey): string {
    return this.facts.settings[key];
  }

  enabled(key: CompanySettingKey): boolean {
    return this.facts.settings[key] === "enabled";
  }

  /** A text to the contact (placeholders filled at commit, with the ticket's final queue); empty texts send nothing. */
  say(text: string | null | undefined, media?: StoredMedia): void {
    if (text?.trim() || media) this.outgoing.push({ text: text ?? "", media, prompt: false });
  }

  /** A question to the contact: said, and remembered as the one the next message answers. */
  ask(text: string, media?: StoredMedia): void {
    this.outgoing.push({ text, media, prompt: true });
  }

  set(change: Updateable<TicketsTable>): void {
    this.patch = { ...this.patch, ...change };
  }

  log(type: TicketLogType, opts: { queueId?: number | null; userId?: number | null } = {}): void {
    this.logs.push({ type, queueId: opts.queueId === undefined ? this.ticket.queueId : opts.queueId, userId: opts.userId ?? null });
  }

  write(fn: (trx: Db) => Promise<unknown>): void {
    this.writes.push(fn);
  }

  get changed(): boolean {
    return this.outgoing.length > 0 || this.logs.length > 0 || this.writes.length > 0 || Object.keys(this.patch).length > 0;
  }

  /** The change to write: the patch, with the time of the bot's last question when one is asked. */
  change(): Updateable<TicketsTable> {
    return this.outgoing.some((o) => o.prompt) ? { ...this.patch, botPromptAt: this.now.toISOString() } : this.patch;
  }
}

/**
 * Reads what a turn on the ticket needs; undefined when the ticket or its connection is gone, or when `concerns` says
 * no step has anything to do with the ticket as it is (the rest is then not read).
 */
export async function loadTurn(ctx: AppContext, companyId: number, ticketId: number, concerns?: (ticket: BotTicket) => boolean): Promise<Turn | undefined> {
  const ticket = await botTicket(ctx.db, companyId, ticketId);
  if (!ticket || ticket.whatsappId === null || (concerns && !concerns(ticket))) return undefined;
  const [connection, company, list] = await Promise.all([
    botConnection(ctx.db, companyId, ticket.whatsappId),
    botCompany(ctx.db, companyId),
    companySettingsList(ctx.db, companyId),
  ]);
  if (!connection || !company) return undefined;
  const settings = Object.fromEntries(list.map((s) => [s.key, s.value])) as Record<CompanySettingKey, string>;
  for (const key of Object.keys(COMPANY_SETTINGS) as CompanySettingKey[]) settings[key] ??= COMPANY_SETTINGS[key].default;
  return new Turn(ctx, { now: ctx.clock.now(), ticket, connection, company, settings });
}

/**
 * Writes the turn in one transaction and then sends its texts. False when the ticket had moved since it was read (an
 * agent took it, another turn answered first): nothing is written.
 */
export async function commitTurn(turn: Turn): Promise<boolean> {
  if (!turn.changed) return true;
  const { ctx, facts } = turn;
  const companyId = facts.ticket.companyId;
  const nowIso = turn.now.toISOString();
  const final = turn.ticket;
  const queueName = final.queueId === null ? null : ((await botQueue(ctx.db, companyId, final.queueId))?.name ?? null);
  const fill = (text: string) =>
    fillTemplate(text, {
      contactName: facts.ticket.contactName,
      ticketId: facts.ticket.id,
      ticketCreatedAt: facts.ticket.createdAt,
      user: turn.userName,
      queue: queueName,
      connection: facts.connection.name,
      companyName: facts.company.name,
      timeZone: facts.settings.timezone,
      now: turn.now,
    });
  const change = turn.change();
  const stored = await ctx.writes.run(async (trx) => {
    // The bot's own bookkeeping is not activity: the ticket's time moves with its texts (lastMessage) or its place.
    const moved = change.status !== undefined || change.queueId !== undefined || change.userId !== undefined;
    if (!(await updateIfUnmoved(trx, companyId, facts.ticket, moved ? { ...change, updatedAt: nowIso } : change))) return undefined;
    const out: StoredOutbound[] = [];
    let promptId: number | null = null;
    for (const o of turn.outgoing) {
      const s = await ctx.channels.outbound.storeIn(trx, { companyId, ticketId: facts.ticket.id, body: fill(o.text), media: o.media, origin: "bot" });
      out.push(s);
      if (o.prompt) promptId = s.messageId;
    }
    if (promptId !== null) await setTicket(trx, companyId, facts.ticket.id, { botPromptId: promptId });
    for (const l of turn.logs) await addTicketLog(trx, companyId, { ticketId: facts.ticket.id, ...l, createdAt: nowIso });
    for (const w of turn.writes) await w(trx);
    return out;
  });
  if (!stored) return false;
  ctx.channels.outbound.publish(stored);
  // Other writes (a rating, a consent) may change what the ticket's view shows: announced as a change.
  if (stored.length || turn.writes.length || changesWhatAgentsSee(facts.ticket, change))
    ctx.bus.emit("ticket.updated", { companyId, ticketId: facts.ticket.id, withMessage: stored.some((s) => !s.isPrivate) });
  const before = facts.ticket;
  if (final.userId !== before.userId || final.queueId !== before.queueId)
    ctx.bus.emit("ticket.reassigned", {
      companyId,
      ticketId: before.id,
      previous: { userId: before.userId, queueId: before.queueId, isGroup: before.isGroup },
    });
  return true;
}
