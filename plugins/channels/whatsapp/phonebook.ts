/**
 * The phone's address book as WhatsApp syncs it to a linked device: contacts.upsert and contacts.update events and
 * the contacts of each history sync. A person is kept by phone number (a contact known only by its LID has none to
 * import); the name is the one saved on the phone, else the business's verified name, else the person's own
 * (notify). Kept in the connection's plugin state under one key, so it survives a restart and goes with a logout.
 */
import { isLidUser, isPnUser, jidDecode, jidNormalizedUser, type Contact } from "baileys";
import type { KeyValueStore, PhoneContact } from "../../../src/channels/adapter";

export const PHONEBOOK_KEY = "phonebook";

type Names = { name?: string; verifiedName?: string; notify?: string };

export class Phonebook {
  private entries?: Promise<Map<string, Names>>;
  private writes: Promise<void> = Promise.resolve();

  constructor(private store: KeyValueStore) {}

  private load(): Promise<Map<string, Names>> {
    this.entries ??= this.store.get<Record<string, Names>>(PHONEBOOK_KEY).then((saved) => new Map(Object.entries(saved ?? {})));
    return this.entries;
  }

  /** Merges what the events say about these contacts (a missing field keeps what was known) and persists the book. */
  async learn(contacts: readonly Partial<Contact>[] | undefined): Promise<void> {
    if (!contacts?.length) return;
    const book = await this.load();
    let changed = false;
    for (const c of contacts) {
      const number = phoneNumberOf(c);
      if (!number) continue;
      const had = book.get(number);
      const next: Names = { ...had };
      for (const key of ["name", "verifiedName", "notify"] as const) {
        const value = c[key]?.trim();
        if (value) next[key] = value;
      }
      if (had && JSON.stringify(had) === JSON.stringify(next)) continue;
      book.set(number, next);
      changed = true;
    }
    if (!changed) return;
    const snapshot = Object.fromEntries(book);
    this.writes = this.writes.catch(() => undefined).then(() => this.store.set(PHONEBOOK_KEY, snapshot));
    await this.writes;
  }

  async list(): Promise<PhoneContact[]> {
    const book = await this.load();
    return [...book].map(([number, n]) => ({ number, name: n.name ?? n.verifiedName ?? n.notify ?? "" }));
  }
}

/** The contact's phone number in digits: its id when that is a phone JID, else the phone JID it carries. */
function phoneNumberOf(c: Partial<Contact>): string | undefined {
  for (const jid of [c.id, c.phoneNumber]) {
    if (!jid || isLidUser(jid) || !isPnUser(jidNormalizedUser(jid))) continue;
    const user = jidDecode(jid)?.user;
    if (user && /^\d{8,15}$/.test(user)) return user;
  }
  return undefined;
}
