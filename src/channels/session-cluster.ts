import type { AppContext } from "../context";
import type { SessionOwnership } from "./ownership";
import { runningConnectionIds } from "./session-rows";
import type { SessionCommand, SessionManager } from "./sessions";

/** How often an instance sharing the store looks for sessions nobody runs (their instance died). */
const TAKEOVER_EVERY_MS = 5_000;

/**
 * The session manager's side facing the other instances sharing a PostgreSQL database: the commands they publish for
 * sessions this instance runs, and the sessions whose instance died, taken over every few seconds.
 */
export class SessionCluster {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private ctx: AppContext,
    private sessions: SessionManager,
    private ownership: SessionOwnership,
  ) {}

  /** After boot, with a shared store: takes over the sessions nobody runs, from now on. */
  start(): void {
    if (!this.ownership.shared || this.timer) return;
    this.timer = setInterval(() => void this.takeOver().catch((err) => this.ctx.log.error("session takeover failed", { err: String(err) })), TAKEOVER_EVERY_MS);
    this.timer.unref?.();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /**
   * Sessions that were running (or retrying) and that no instance runs now: their instance died. A session a person
   * stopped (DISCONNECTED, no retry pending) stays stopped.
   */
  async takeOver(): Promise<void> {
    const free = (await runningConnectionIds(this.ctx.db)).filter((id) => !this.sessions.runs(id));
    if (!free.length) return;
    const held = await this.ownership.heldAnywhere();
    await Promise.all(free.filter((id) => !held.has(id)).map((id) => this.sessions.launch(id, { forward: false })));
  }

  /** A person's command published by another instance: done here when this instance runs the session. */
  async obey(connectionId: number, command: SessionCommand, number?: string): Promise<void> {
    const { sessions } = this;
    const running = sessions.runs(connectionId);
    if (command === "restart") await (running ? sessions.restart(connectionId, { forward: false }) : sessions.launch(connectionId, { forward: false }));
    else if (!running) return;
    else if (command === "reload") await sessions.restart(connectionId, { forward: false });
    else if (command === "pair" && number) await sessions.requestPairingCode(connectionId, number);
    else if (command === "stop" || command === "logout") await sessions.stop(connectionId, { persist: false, logout: command === "logout", forward: false });
  }
}
