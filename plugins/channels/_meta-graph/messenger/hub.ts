import type { ChannelHost, ChannelPlugin } from "../../../../src/channels/adapter";
import type { MetaEnv } from "../env";
import type { MessagingEvent } from "./payload";
import { registerMetaWebhooks } from "./webhook";

export type MessengerObject = "page" | "instagram";

/** A started Facebook or Instagram session as the shared webhook sees it. */
export interface MessengerLiveSession {
  /** page: the Facebook Page id; instagram: the Instagram professional account id (entry[].id of the webhook). */
  readonly object: MessengerObject;
  readonly accountId: string;
  readonly host: ChannelHost;
  handleEvent(event: MessagingEvent): Promise<void>;
}

/**
 * The one webhook endpoint for Messenger and Instagram (/api/webhooks/meta) serves every connection of the Meta
 * app; sessions register here on start so entry[].id finds them. Shared by the facebook and instagram plugins.
 */
export class MessengerHub {
  private sessions = new Map<string, Set<MessengerLiveSession>>();
  /**
   * The endpoint as both plugins declare it (ChannelPlugin.sharedWebhooks): one object per hub, so the core can tell
   * two plugins of one build (mounted once) from plugins of two builds, whose sessions the other's routes would miss.
   */
  readonly webhooks: NonNullable<ChannelPlugin["sharedWebhooks"]>;

  constructor(env: MetaEnv) {
    this.webhooks = { name: "meta", routes: (router) => registerMetaWebhooks(router, this, env) };
  }

  register(s: MessengerLiveSession): void {
    const key = `${s.object}:${s.accountId}`;
    let set = this.sessions.get(key);
    if (!set) {
      set = new Set();
      this.sessions.set(key, set);
    }
    set.add(s);
  }

  unregister(s: MessengerLiveSession): void {
    const key = `${s.object}:${s.accountId}`;
    const set = this.sessions.get(key);
    if (!set) return;
    set.delete(s);
    if (!set.size) this.sessions.delete(key);
  }

  find(object: MessengerObject, accountId: string): MessengerLiveSession[] {
    return [...(this.sessions.get(`${object}:${accountId}`) ?? [])];
  }

  /** Any live session's logger (webhook refusals are logged even before routing). */
  anyLog(): ChannelHost["log"] | undefined {
    for (const set of this.sessions.values()) for (const s of set) return s.host.log;
    return undefined;
  }
}
