/**
 * The timed rules' tests: an inbox whose connection is set through the API (so each rule's start is recorded as an
 * admin's save records it), contacts who write through the test channel, agents who accept and answer through the
 * API, and time moved with the movable clock, the durable scheduler run to the end after each move.
 */
import type { AppContext } from "../../src/context";
import { login, type TestUser } from "./factories";
import { createInbox, type Inbox } from "./inbox";
import type { ChannelTestApp } from "./test-channel";

export const MINUTE = 60_000;

/** A fresh token of the user (moving the clock by hours expires access tokens). */
export const tokenOf = (t: ChannelTestApp, user: TestUser) => login(t, user.email, user.password);

/** The inbox with its connection in queue Q1 only (new tickets start there), saved through the API with `fields`. */
export async function timedInbox(fields: Record<string, unknown> = {}, opts: { queues?: number[] } = {}): Promise<Inbox> {
  const w = await createInbox();
  await saveConnection(w, { queueIds: opts.queues ?? [w.q1], ...fields });
  return w;
}

export async function saveConnection(w: Inbox, fields: Record<string, unknown>): Promise<void> {
  const r = await w.t.json("PUT", `/api/whatsapp/${w.connectionId}`, { token: await tokenOf(w.t, w.admin), body: fields });
  if (r.status !== 200) throw new Error(`connection not saved: ${r.status} ${JSON.stringify(r.body)}`);
}

/** The contact writes; resolves when the automation is done with it, with the ticket's id. */
export async function contactSays(w: Inbox, body: string, from = "5511988887777"): Promise<number> {
  const r = await w.chan.session(w.connectionId)!.receive({ from, body, name: "Maria Silva" });
  if (r.status !== "stored") throw new Error(`not stored: ${JSON.stringify(r)}`);
  await w.t.ctx.channels.idle();
  return r.ticketId;
}

/** The agent accepts the ticket and answers the contact. */
export async function agentAnswers(w: Inbox, ticketId: number, body = "Olá, como posso ajudar?", agent: TestUser = w.agent): Promise<void> {
  const token = await tokenOf(w.t, agent);
  const ticket = await w.ticket(ticketId);
  if (ticket.status !== "open") {
    const accepted = await w.t.json("PUT", `/api/tickets/${ticketId}`, { token, body: { status: "open" } });
    if (accepted.status !== 200) throw new Error(`not accepted: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  }
  const sent = await w.t.json("POST", `/api/messages/${ticketId}`, { token, body: { body } });
  if (sent.status !== 200) throw new Error(`not sent: ${sent.status} ${JSON.stringify(sent.body)}`);
  await w.t.ctx.channels.idle();
}

/**
 * Moves the clock and runs every job due then (the timed rules' tick among them), and the sends they start. The bus's
 * listeners finish first: what a save started (a rule's start time) happens before the clock moves, as it would.
 */
export async function advance(ctx: AppContext, ms: number, clock: { advance(ms: number): void }): Promise<void> {
  await ctx.bus.settled();
  clock.advance(ms);
  while ((await ctx.jobs.runDue()) > 0);
  await ctx.channels.idle();
}

/** What the channel sent to contacts, in order (after a restart, the new session's). */
export const sentTexts = (w: Inbox) => w.chan.session(w.connectionId)!.sent.map((m) => m.body ?? "");
