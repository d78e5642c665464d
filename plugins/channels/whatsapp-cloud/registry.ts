import type { ChannelHost } from "../../../src/channels/adapter";
import type { WhatsAppCloudConfig } from "./manifest";
import type { WaChangeValue } from "./normalize";

/** A started session as the webhook handler sees it. */
export interface WaLiveSession {
  readonly connectionId: number;
  readonly config: WhatsAppCloudConfig;
  readonly host: ChannelHost;
  /** One `changes[].value` of a verified delivery, for this session's phone number. */
  handleChange(field: string, value: WaChangeValue): Promise<void>;
}

/**
 * Webhook handlers receive no host: sessions register here when they start and leave when they stop, so a delivery
 * to /api/webhooks/whatsappapi/:connectionId finds the connection's app secret and verify token, and each change is
 * routed by metadata.phone_number_id. One registry per plugin instance (tests get their own).
 */
export class WaSessionRegistry {
  private byConnection = new Map<number, WaLiveSession>();

  register(s: WaLiveSession): void {
    this.byConnection.set(s.connectionId, s);
  }

  /** Removes the session only if it is still the registered one (a newer session of the connection stays). */
  unregister(s: WaLiveSession): void {
    if (this.byConnection.get(s.connectionId) === s) this.byConnection.delete(s.connectionId);
  }

  get(connectionId: number): WaLiveSession | undefined {
    return this.byConnection.get(connectionId);
  }

  /** Live sessions of a phone number id that share the app secret the delivery was verified with. */
  byPhoneNumberId(phoneNumberId: string, appSecret: string): WaLiveSession[] {
    return [...this.byConnection.values()].filter((s) => s.config.phoneNumberId === phoneNumberId && s.config.appSecret === appSecret);
  }

  get size(): number {
    return this.byConnection.size;
  }
}
