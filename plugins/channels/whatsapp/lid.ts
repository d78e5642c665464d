/**
 * WhatsApp's anonymous ids (LIDs, "1234567890@lid") and the phone-number JIDs ("5511999998888@s.whatsapp.net")
 * they stand for. The map lives in the auth state, in Baileys' own format ("lid-mapping" keys: <pnUser> -> <lidUser>
 * and <lidUser>_reverse -> <pnUser>), so what the real socket learns and what this plugin learns are one map.
 *
 * Lookups used while normalising are synchronous: the session loads the LIDs a message mentions first (load()).
 */
import { isLidUser, isPnUser, jidDecode, jidNormalizedUser, type SignalKeyStore } from "baileys";

export interface LidPair {
  lid: string;
  pn: string;
}

export class LidMap {
  /** lidUser -> pnUser (null: looked up, unknown). */
  private byLid = new Map<string, string | null>();

  constructor(private keys: Pick<SignalKeyStore, "get" | "set">) {}

  /** The phone JID for a LID JID, when known (after load). */
  pnFor(lidJid: string): string | undefined {
    const user = jidDecode(lidJid)?.user;
    const pn = user ? this.byLid.get(user) : undefined;
    return pn ? `${pn}@s.whatsapp.net` : undefined;
  }

  /** Reads the mappings of these JIDs (LIDs only; others are ignored) into memory. */
  async load(jids: readonly (string | null | undefined)[]): Promise<void> {
    const users = [
      ...new Set(
        jids
          .filter((j): j is string => !!j && !!isLidUser(j))
          .map((j) => jidDecode(j)?.user)
          .filter((u): u is string => !!u && !this.byLid.has(u)),
      ),
    ];
    if (!users.length) return;
    const found = await this.keys.get(
      "lid-mapping",
      users.map((u) => `${u}_reverse`),
    );
    for (const u of users) this.byLid.set(u, (found[`${u}_reverse`] as string | undefined) ?? null);
  }

  /**
   * Records that a LID and a phone JID are one person. Answers the normalised pair when it is new to this map
   * (the caller then asks the core to merge the two chats), undefined when already known or not a valid pair.
   */
  async learn(a: string | null | undefined, b: string | null | undefined): Promise<LidPair | undefined> {
    const pair = asPair(a, b);
    if (!pair) return undefined;
    const lidUser = jidDecode(pair.lid)!.user;
    const pnUser = jidDecode(pair.pn)!.user;
    await this.load([pair.lid]);
    if (this.byLid.get(lidUser) === pnUser) return undefined;
    this.byLid.set(lidUser, pnUser);
    await this.keys.set({ "lid-mapping": { [pnUser]: lidUser, [`${lidUser}_reverse`]: pnUser } });
    return pair;
  }
}

/** A {lid, pn} pair from two JIDs in either order, device suffixes dropped; undefined unless one is each. */
export function asPair(a: string | null | undefined, b: string | null | undefined): LidPair | undefined {
  if (!a || !b) return undefined;
  const x = jidNormalizedUser(a);
  const y = jidNormalizedUser(b);
  if (isLidUser(x) && isPnUser(y)) return { lid: x, pn: y };
  if (isPnUser(x) && isLidUser(y)) return { lid: y, pn: x };
  return undefined;
}
