import type { Ack, ChannelHost } from "../../../../src/channels/adapter";

/** [mid, ms epoch taken just before the Send API call, highest ack reported] */
type Entry = [string, number, Ack];

const MAX_PER_CHAT = 100;
const key = (chatId: string) => `sent:${chatId}`;

/**
 * Messenger reports reads (and sometimes deliveries) as a watermark: "every message sent before this time". The
 * host acks by message id, so the session keeps, per chat, the ids and send times of its recent messages in its
 * private state (host.authState) and turns a watermark into acks. Instagram reads name one mid: everything sent up
 * to that message is read. Entries leave the log once read.
 */
export class SentLog {
  constructor(private host: ChannelHost) {}

  async record(chatId: string, mid: string, sentAt: number): Promise<void> {
    const list = (await this.host.authState.get<Entry[]>(key(chatId))) ?? [];
    list.push([mid, sentAt, 1]);
    await this.host.authState.set(key(chatId), list.slice(-MAX_PER_CHAT));
  }

  /** Acks every logged message sent at or before `watermark` (ms) with `ack`; read ones leave the log. */
  async ackUpTo(chatId: string, watermark: number, ack: Ack): Promise<string[]> {
    const list = (await this.host.authState.get<Entry[]>(key(chatId))) ?? [];
    return this.apply(chatId, list, (e) => e[1] <= watermark, ack);
  }

  /** Instagram: `mid` was read, so were the messages sent before it. */
  async ackUpToMid(chatId: string, mid: string, ack: Ack): Promise<string[]> {
    const list = (await this.host.authState.get<Entry[]>(key(chatId))) ?? [];
    const hit = list.find((e) => e[0] === mid);
    const acked = hit ? await this.apply(chatId, list, (e) => e[1] <= hit[1], ack) : [];
    if (!hit) this.host.ack(mid, ack);
    return hit ? acked : [mid];
  }

  private async apply(chatId: string, list: Entry[], match: (e: Entry) => boolean, ack: Ack): Promise<string[]> {
    const acked: string[] = [];
    const keep: Entry[] = [];
    for (const e of list) {
      if (match(e) && e[2] < ack) {
        this.host.ack(e[0], ack);
        acked.push(e[0]);
        e[2] = ack;
      }
      if (e[2] < 3) keep.push(e);
    }
    if (acked.length || keep.length !== list.length) await this.host.authState.set(key(chatId), keep.length ? keep : null);
    return acked;
  }
}
