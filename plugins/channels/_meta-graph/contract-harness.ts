/**
 * The channel contract's harness (tests/contract/channel-contract.ts) for the Meta plugins, driving them through their real
 * path: the real app, signed webhook deliveries of documented fixtures, and the fake Graph recording our sends.
 * Each plugin's contract.test.ts says only what differs (plugins, webhook path, connection, payload shapes):
 *
 *   runChannelContract("facebook", () => makeMetaHarness({ ... }));
 *
 * Test-only (imports the test helpers and the fake Graph).
 */
import { expect } from "bun:test";
import type { Ack, ChannelPlugin } from "../../../src/channels/adapter";
import { createConnection } from "../../../src/channels/connections";
import type { ContractHarness } from "../../../tests/contract/channel-contract";
import { FAKE_IDS, FakeGraph, type GraphErrorName, signedDelivery } from "../../../tests/fakes/meta-graph";
import { login } from "../../../tests/helpers/factories";
import { ADMIN } from "../../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp } from "../../../tests/helpers/test-channel";
import { loadFixture } from "../whatsapp-cloud/fixtures/load";
import { createMetaPlugins } from "./plugins";

export interface SentText {
  externalId: string;
  to: string;
  body: string;
}

/** What a spec's delivery functions get: the fake, the fixtures, the signed webhook post and what was sent so far. */
export interface MetaHarnessIO {
  fake: FakeGraph;
  t: ChannelTestApp;
  /** A fixture's payload (a fresh copy to edit). */
  fixture(name: string): any;
  /** Delivers the payload signed with the spec's app secret to the webhook path; expects 200. */
  post(payload: unknown): Promise<void>;
  sent(): SentText[];
}

export interface MetaHarnessSpec {
  /** The plugins under test, pointed at the fake Graph. */
  plugins(fake: FakeGraph): ChannelPlugin<any>[];
  /** The secret deliveries are signed with. */
  appSecret: string;
  /** Where deliveries go (the connection id is known once connect() ran). */
  webhookPath(connectionId: number): string;
  fixturesDir: string;
  connection: { name: string; channel: string; config: Record<string, unknown> };
  /** The Graph path our sends go to, and the fake's refusal there that the plugin must map to NOT_ON_CHANNEL. */
  sendPath: string;
  refusal: GraphErrorName;
  /** Our text sends as the fake recorded them (accepted ones only). */
  sent(fake: FakeGraph): SentText[];
  deliverText(io: MetaHarnessIO, msg: { externalId: string; from: string; name?: string; body: string }): Promise<void>;
  deliverAck(io: MetaHarnessIO, externalId: string, ack: Ack): Promise<void>;
}

export async function makeMetaHarness(spec: MetaHarnessSpec): Promise<ContractHarness> {
  const fake = await FakeGraph.start();
  const t = await createChannelTestApp({ plugins: spec.plugins(fake) });
  let connectionId = 0;

  const io: MetaHarnessIO = {
    fake,
    t,
    fixture: (name) => loadFixture(spec.fixturesDir, name).payload,
    async post(payload) {
      const { rawBody, headers } = signedDelivery(payload, spec.appSecret);
      const res = await t.request("POST", spec.webhookPath(connectionId), { body: rawBody, headers });
      expect(res.status).toBe(200);
    },
    sent: () => spec.sent(fake),
  };

  return {
    ctx: t.ctx,
    json: (method, path, opts) => t.json(method, path, opts),
    adminToken: await login(t, ADMIN.email, ADMIN.password),
    companyId: 1,
    async connect() {
      connectionId = (await createConnection(t.ctx, 1, spec.connection)).id;
      return connectionId;
    },
    deliverText: (msg) => spec.deliverText(io, msg),
    sent: async () => io.sent(),
    deliverAck: (externalId, ack) => spec.deliverAck(io, externalId, ack),
    async failNextSend() {
      fake.failNext({ method: "POST", path: spec.sendPath }, spec.refusal);
      return "NOT_ON_CHANNEL";
    },
    async close() {
      await t.close();
      await fake.stop();
    },
  };
}

/**
 * Messenger (facebook, instagram): both Messenger plugins of one build, as the product has them. They share
 * /api/webhooks/meta, so a contract run for one needs the other's plugin from the same hub.
 */
export function messengerPlugins(fake: FakeGraph): ChannelPlugin<any>[] {
  const meta = createMetaPlugins({ graphUrl: fake.url, appId: FAKE_IDS.appId, appSecret: FAKE_IDS.appSecret });
  return [meta.facebook, meta.instagram];
}

/** Messenger: our text sends to the Page's /messages as the fake recorded them. */
export function messengerSent(fake: FakeGraph, pageId: string): SentText[] {
  return fake
    .find("POST", `/${pageId}/messages`)
    .filter((r) => r.status === 200 && r.json?.message?.text !== undefined)
    .map((r) => ({ externalId: (r.response as { message_id: string }).message_id, to: r.json.recipient.id as string, body: r.json.message.text as string }));
}

/** A Messenger fixture's payload and its one messaging event (to edit before posting). */
export function messengerEvent(io: MetaHarnessIO, name: string): { payload: any; ev: any } {
  const payload = io.fixture(name);
  return { payload, ev: payload.entry[0].messaging[0] };
}

/** Messenger: posts a fixture's message event rewritten as a text from `from` with our externalId as its mid. */
export async function deliverMessengerText(io: MetaHarnessIO, fixture: string, msg: { externalId: string; from: string; body: string }): Promise<void> {
  const { payload, ev } = messengerEvent(io, fixture);
  ev.sender.id = msg.from;
  ev.timestamp = Date.now();
  ev.message = { mid: msg.externalId, text: msg.body };
  await io.post(payload);
}
