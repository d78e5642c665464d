/**
 * This plugin inside the real core (database, host, sessions, inbound and outbound pipelines) with the fake
 * Baileys socket in place of WhatsApp. The plugin is registered as "whatsapp-e2e" because plugins/index.ts lists
 * the real "whatsapp" plugin and a registry refuses an id twice; everything else is the production plugin.
 */
import { extractMessageContent, getContentType, type WAMessage } from "baileys";
import { createConnection } from "../../../../src/channels/connections";
import { login } from "../../../../tests/helpers/factories";
import { ADMIN } from "../../../../tests/helpers/test-app";
import { createChannelTestApp } from "../../../../tests/helpers/test-channel";
import { createWhatsAppPlugin } from "..";
import { fakeSockets } from "./fake-socket";
import { sampleMedia } from "./sample-media";
import { until } from "./setup";

export const E2E_CHANNEL = "whatsapp-e2e";

/** The media bytes of a message, by the MIME type it declares. */
export async function downloadSample(m: WAMessage): Promise<Uint8Array> {
  const content = extractMessageContent(m.message);
  const type = content ? getContentType(content) : undefined;
  const mime = type && content ? ((content as Record<string, { mimetype?: string } | undefined>)[type]?.mimetype ?? "") : "";
  return sampleMedia(mime);
}

export async function whatsappOnCore(
  opts: {
    channel?: string;
    connection?: Record<string, unknown>;
    env?: NonNullable<Parameters<typeof createChannelTestApp>[0]>["env"];
    dataDir?: string;
    store?: "sqlite";
  } = {},
) {
  const channel = opts.channel ?? E2E_CHANNEL;
  const sockets = fakeSockets();
  const real = createWhatsAppPlugin({ socket: sockets.factory, pictures: false, download: downloadSample });
  const plugin = { ...real, manifest: { ...real.manifest, id: channel } };
  const t = await createChannelTestApp({
    plugins: [plugin],
    ...(opts.env ? { env: opts.env } : {}),
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.store ? { store: opts.store } : {}),
  });
  const adminToken = await login(t, ADMIN.email, ADMIN.password);

  /** Creates the connection and links it: QR code, scan, the post-pairing restart, open. */
  async function connect(): Promise<number> {
    const { id } = await createConnection(t.ctx, 1, { name: "WhatsApp", channel, start: false, ...opts.connection } as never);
    const started = t.ctx.channels.sessions.start(id); // resolves once the QR code shows
    await until(() => sockets.made.length === 1, 3_000);
    sockets.last.connecting();
    sockets.last.qr("2@CORE-QR");
    sockets.last.scanned("5511900000000:9@s.whatsapp.net");
    await until(() => sockets.made.length === 2, 3_000);
    sockets.last.connecting();
    sockets.last.open();
    await started;
    return id;
  }

  return { t, sockets, adminToken, connect };
}
