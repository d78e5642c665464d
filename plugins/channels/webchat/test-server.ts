/**
 * Web chat's tests over real HTTP and WebSocket: a test app listening on an ephemeral 127.0.0.1 port, an admin's
 * token, and the visitor sockets a test opened (closed with the app). Test-only (imports the test helpers).
 * Its web chat is the product's plugin with sessions that can be told to refuse the next send (RefusingWebchatSession).
 *
 *   let h: WebchatTestServer | undefined;
 *   afterEach(async () => { await h?.stop(); h = undefined; });
 *   h = await startWebchatServer();
 */
import { ChannelError, type ChannelErrorCode, type ChannelPlugin, type OutboundMessage } from "../../../src/channels/adapter";
import { type Config, loadConfig } from "../../../src/config";
import { login } from "../../../tests/helpers/factories";
import type { Peer } from "../../../tests/helpers/socket-peer";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { webchatRatesOf } from "../../index";
import { createWebchat } from "./index";
import { WebchatSession } from "./session";

/** A web-chat session whose next send fails as a provider's refusal would (the channel contract's refusal case). */
export class RefusingWebchatSession extends WebchatSession {
  private refusal: ChannelError | undefined;

  refuseNext(code: ChannelErrorCode, message = `web chat refused the message (${code})`): void {
    this.refusal = new ChannelError(code, message);
  }

  override async send(msg: OutboundMessage): Promise<{ externalId: string }> {
    const refusal = this.refusal;
    this.refusal = undefined;
    if (refusal) throw refusal;
    return super.send(msg);
  }
}

/** The product's web-chat plugin (same routes and limits) whose sessions are RefusingWebchatSessions. */
function refusingWebchat(env: Partial<Record<keyof Config, string>>): ChannelPlugin<any> {
  const plugin = createWebchat(webchatRatesOf(loadConfig(env)));
  return { ...plugin, createSession: (host, config) => new RefusingWebchatSession(host, config) };
}

export interface WebchatTestServer {
  t: TestApp;
  /** http://127.0.0.1:<port> */
  base: string;
  /** The seeded admin's access token. */
  admin: string;
  /** Sockets to close on stop(). */
  peers: Peer[];
  stop(): Promise<void>;
}

/** A test app listening on 127.0.0.1 (env is read when the routes are built: web-chat rate limits...). */
export async function startWebchatServer(env: Partial<Record<keyof Config, string>> = {}): Promise<WebchatTestServer> {
  const t = await createTestApp(env, { plugins: [refusingWebchat(env)] });
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  const peers: Peer[] = [];
  return {
    t,
    base: `http://127.0.0.1:${t.app.server!.port}`,
    admin: await login(t, ADMIN.email, ADMIN.password),
    peers,
    async stop() {
      for (const p of peers) p.close();
      await t.close();
      await t.app.stop(true);
    },
  };
}

/** fetch with a bearer token and a JSON (or FormData) body; answers the status, the parsed body (or the text) and the headers. */
export async function http(method: string, url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, body: json, headers: res.headers };
}
