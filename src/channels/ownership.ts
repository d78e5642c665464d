import type { HeldLocks } from "../db/store";

/**
 * Which instance runs each connection's live session. On SQLite one instance holds the database and runs them all. On
 * PostgreSQL several instances may share the database, and a session holding a live link to its channel (a WhatsApp
 * socket) must run on exactly one of them: the one holding the advisory lock on its connection. The lock dies with its
 * holder's database connection, so when an instance dies another can take its sessions over.
 */
export class SessionOwnership {
  private held = new Set<number>();

  constructor(private locks: HeldLocks | undefined) {}

  /** Several instances may share the store: sessions are claimed, and commands reach the instance running them. */
  get shared(): boolean {
    return this.locks !== undefined;
  }

  /** True when this instance runs (or may now start) the connection's session. */
  async claim(connectionId: number): Promise<boolean> {
    if (!this.locks || this.held.has(connectionId)) return true;
    if (!(await this.locks.tryLock(connectionId))) return false;
    this.held.add(connectionId);
    return true;
  }

  holds(connectionId: number): boolean {
    return this.held.has(connectionId);
  }

  /** The connections whose session some instance runs (this one included); none on a store of one instance. */
  async heldAnywhere(): Promise<Set<number>> {
    return this.locks ? this.locks.heldAnywhere() : new Set();
  }

  /** Another instance may start the session from now on. */
  async release(connectionId: number): Promise<void> {
    if (!this.locks || !this.held.delete(connectionId)) return;
    await this.locks.unlock(connectionId);
  }

  /** The locks went with their database connection: every session this instance ran must stop at once. */
  onLost(listener: () => void): void {
    this.locks?.onLost(() => {
      this.held.clear();
      listener();
    });
  }

  close(): Promise<void> {
    this.held.clear();
    return this.locks?.close() ?? Promise.resolve();
  }
}
