/**
 * A protocol-faithful fake of the Graph API on 127.0.0.1 (random port) for the whatsappapi, facebook and instagram
 * plugins. It checks tokens (Bearer header or access_token parameter), appsecret_proof when given, the fields Meta
 * requires, answers with Meta's documented shapes and ids, records every request, and can be told to fail or to
 * answer slowly (hold).
 *
 * Endpoints (paths after the version prefix, e.g. /v21.0):
 *   POST /{phone-number-id}/messages      WhatsApp send / reaction / template / mark read
 *   POST /{phone-number-id}/media         WhatsApp media upload (multipart: file, type, messaging_product)
 *   GET  /{media-id}                      WhatsApp media URL ({url, mime_type, sha256, file_size, id})
 *   GET  /whatsapp_business/attachments/  the media download URL (bearer token required), outside the version prefix
 *   GET  /{waba-id}/message_templates     templates (status filter, paging)
 *   POST /{waba-id}/subscribed_apps       {success: true}; with override_callback_uri + verify_token, verifies the
 *                                         callback with Meta's GET (hub.challenge) first, else error 2200
 *   GET  /oauth/access_token              fb_exchange_token -> long-lived token
 *   GET  /{user-id}/accounts              the user's Pages with tokens and instagram_business_account
 *   POST /{page-id}/subscribed_apps       {success: true}
 *   POST /{page-id}/messages              Send API (message, sender_action), 24-hour window and HUMAN_AGENT
 *   POST /{page-id}/message_attachments   attachment upload (multipart: message, filedata)
 *   GET  /{id}                            phone number, Page, Instagram account, media, user profile (PSID / IGSID)
 *   GET  /cdn/{name}                      attachment files of Messenger / Instagram webhooks (no token), outside the prefix
 */
import { createHash, createHmac } from "node:crypto";
import { GRAPH_ERRORS, type FakeError, type GraphErrorName } from "./errors";

export interface RecordedRequest {
  method: string;
  /** Path without the version prefix ("/106540352242922/messages"). */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The token used (header or access_token). */
  token?: string;
  /** Parsed JSON body. */
  json?: any;
  /** Multipart fields: text values, and files as {name, type, bytes}. */
  form?: Record<string, string | { name: string; type: string; bytes: Uint8Array }>;
  /** What the fake answered. */
  status: number;
  response: unknown;
}

export interface FakeWaNumber {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  token: string;
}

export interface FakeTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: unknown[];
}

export interface FakePage {
  id: string;
  name: string;
  token: string;
  instagram?: { id: string; username: string; name?: string; profile_picture_url?: string };
}

export interface FakeUser {
  id: string;
  shortToken: string;
  longToken: string;
  pageIds: string[];
}

interface StoredMedia {
  id: string;
  bytes: Uint8Array;
  mime: string;
  sha256: string;
  phoneNumberId?: string;
}

interface Failure {
  method?: string;
  path?: string | RegExp;
  error: FakeError;
  times: number;
}

/** A slow answer: the next `times` matching requests wait `ms` (or until releaseHolds) before they are answered. */
interface Hold {
  method?: string;
  path?: string | RegExp;
  ms: number;
  times: number;
}

/** Documented example values (WhatsApp webhook reference pages). */
export const FAKE_IDS = {
  wabaId: "102290129340398",
  phoneNumberId: "106540352242922",
  displayPhoneNumber: "15550783881",
  waToken: "EAAJB-fake-whatsapp-system-user-token-000000000000",
  appId: "1517776481860111",
  appSecret: "fake-app-secret-0123456789abcdef",
  pageId: "682498302938465",
  pageToken: "EAAJB-fake-page-access-token-111111111111111111",
  igAccountId: "17841405822304914",
  userId: "10158234567890123",
  userShortToken: "EAAJB-fake-short-lived-user-token-2222222222222",
  userLongToken: "EAAJB-fake-long-lived-user-token-33333333333333",
} as const;

export class FakeGraph {
  readonly requests: RecordedRequest[] = [];
  readonly numbers = new Map<string, FakeWaNumber>();
  readonly templates = new Map<string, FakeTemplate[]>();
  readonly pages = new Map<string, FakePage>();
  readonly users = new Map<string, FakeUser>();
  readonly profiles = new Map<string, Record<string, unknown>>();
  readonly media = new Map<string, StoredMedia>();
  /** Files served without a token under /cdn/ (Messenger / Instagram attachment URLs). */
  readonly cdn = new Map<string, { bytes: Uint8Array; mime: string }>();
  readonly subscriptions: { id: string; fields?: string }[] = [];
  /** WABA id -> verified override_callback_uri. */
  readonly callbackOverrides = new Map<string, string>();
  /** Recipients whose 24-hour window is closed (wa_id, PSID, IGSID). */
  readonly closedWindows = new Set<string>();
  readonly revokedTokens = new Set<string>();
  private failures: Failure[] = [];
  private holds: Hold[] = [];
  private held = new Set<() => void>();
  private seq = 0;
  private server?: ReturnType<typeof Bun.serve>;

  constructor(readonly opts: { appId: string; appSecret: string; version: string }) {}

  static async start(opts: Partial<{ appId: string; appSecret: string; version: string; seed: boolean }> = {}): Promise<FakeGraph> {
    const fake = new FakeGraph({ appId: opts.appId ?? FAKE_IDS.appId, appSecret: opts.appSecret ?? FAKE_IDS.appSecret, version: opts.version ?? "v21.0" });
    // No idle timeout: a held answer (hold) keeps its connection open as long as it is held.
    fake.server = Bun.serve({ hostname: "127.0.0.1", port: 0, idleTimeout: 0, fetch: (req) => fake.handle(req) });
    if (opts.seed !== false) fake.seed();
    return fake;
  }

  /** Origin, e.g. http://127.0.0.1:43123 */
  get origin(): string {
    return `http://127.0.0.1:${this.server!.port}`;
  }

  /** The base URL the plugins take as META_GRAPH_URL (with the version). */
  get url(): string {
    return `${this.origin}/${this.opts.version}`;
  }

  async stop(): Promise<void> {
    this.releaseHolds();
    await this.server?.stop(true);
  }

  /** The documented example accounts: one WhatsApp number with two templates, one Page with an Instagram account. */
  seed(): void {
    this.addNumber({
      phoneNumberId: FAKE_IDS.phoneNumberId,
      wabaId: FAKE_IDS.wabaId,
      displayPhoneNumber: "+1 555-078-3881",
      verifiedName: "Lucky Shrub",
      token: FAKE_IDS.waToken,
    });
    this.addTemplate(FAKE_IDS.wabaId, {
      id: "594425479261596",
      name: "hello_world",
      language: "en_US",
      status: "APPROVED",
      category: "UTILITY",
      components: [
        { type: "HEADER", format: "TEXT", text: "Hello World" },
        {
          type: "BODY",
          text: "Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta. Thank you for taking the time to test with us.",
        },
        { type: "FOOTER", text: "WhatsApp Business Platform sample message" },
      ],
    });
    this.addTemplate(FAKE_IDS.wabaId, {
      id: "1080380923088316",
      name: "order_update",
      language: "pt_BR",
      status: "APPROVED",
      category: "UTILITY",
      components: [{ type: "BODY", text: "Olá {{1}}, seu pedido {{2}} foi enviado.", example: { body_text: [["Maria", "#1234"]] } }],
    });
    this.addTemplate(FAKE_IDS.wabaId, {
      id: "1080380923088317",
      name: "pending_review",
      language: "en_US",
      status: "PENDING",
      category: "MARKETING",
      components: [{ type: "BODY", text: "Soon" }],
    });
    this.addPage({
      id: FAKE_IDS.pageId,
      name: "Lucky Shrub",
      token: FAKE_IDS.pageToken,
      instagram: { id: FAKE_IDS.igAccountId, username: "luckyshrub", name: "Lucky Shrub" },
    });
    this.addPage({ id: "682498302938466", name: "Lucky Shrub Outlet", token: "EAAJB-fake-page-access-token-outlet-4444444444" });
    this.addUser({
      id: FAKE_IDS.userId,
      shortToken: FAKE_IDS.userShortToken,
      longToken: FAKE_IDS.userLongToken,
      pageIds: [FAKE_IDS.pageId, "682498302938466"],
    });
  }

  addNumber(n: FakeWaNumber): void {
    this.numbers.set(n.phoneNumberId, n);
  }

  addTemplate(wabaId: string, t: FakeTemplate): void {
    this.templates.set(wabaId, [...(this.templates.get(wabaId) ?? []), t]);
  }

  addPage(p: FakePage): void {
    this.pages.set(p.id, p);
  }

  addUser(u: FakeUser): void {
    this.users.set(u.id, u);
  }

  /** A PSID / IGSID profile (facebook: first_name, last_name, profile_pic; instagram: name, username, profile_pic). */
  addProfile(id: string, profile: Record<string, unknown>): void {
    this.profiles.set(id, { ...profile, id });
  }

  /** Media a WhatsApp user "sent": answers GET /{id} and the download URL. */
  addMedia(id: string, bytes: Uint8Array, mime: string, phoneNumberId: string = FAKE_IDS.phoneNumberId): void {
    this.media.set(id, { id, bytes, mime, sha256: createHash("sha256").update(bytes).digest("hex"), phoneNumberId });
  }

  /** A public CDN file (what attachment payload.url points at); answers its URL. */
  addCdnFile(name: string, bytes: Uint8Array, mime: string): string {
    this.cdn.set(name, { bytes, mime });
    return `${this.origin}/cdn/${name}?_nc_cat=1&oh=00_fake&oe=65F0`;
  }

  /** The next `times` requests matching answer `error` (a documented preset or a custom one). */
  failNext(match: { method?: string; path?: string | RegExp }, error: GraphErrorName | FakeError, times = 1): void {
    const e = typeof error === "string" ? (GRAPH_ERRORS[error] as (...a: any[]) => FakeError)() : error;
    this.failures.push({ ...match, error: e, times });
  }

  /** The next `times` requests matching are answered only after `ms` (a slow CDN or Graph), or at releaseHolds(). */
  hold(match: { method?: string; path?: string | RegExp }, ms: number, times = 1): void {
    this.holds.push({ ...match, ms, times });
  }

  /** Answers every held request now. */
  releaseHolds(): void {
    for (const release of this.held) release();
    this.held.clear();
  }

  closeWindow(recipientId: string): void {
    this.closedWindows.add(recipientId);
  }

  revokeToken(token: string): void {
    this.revokedTokens.add(token);
  }

  /** Recorded requests matching a method and path (string = exact, RegExp = test). */
  find(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)));
  }

  last(method: string, path: string | RegExp): RecordedRequest | undefined {
    return this.find(method, path).at(-1);
  }

  reset(): void {
    this.requests.length = 0;
    this.failures = [];
    this.holds = [];
    this.releaseHolds();
  }

  // ------------------------------------------------------------------------------------------------------------

  private async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const versioned = url.pathname.startsWith(`/${this.opts.version}/`);
    const path = versioned ? url.pathname.slice(this.opts.version.length + 1) : url.pathname;
    const query = Object.fromEntries(url.searchParams);
    const headers = Object.fromEntries(req.headers);
    const rec: RecordedRequest = { method: req.method, path, query, headers, status: 0, response: undefined };
    const ctype = req.headers.get("content-type") ?? "";
    if (req.method === "POST") {
      if (ctype.includes("multipart/form-data")) {
        const fd = await req.formData();
        rec.form = {};
        for (const [k, v] of fd.entries()) {
          if (typeof v === "string") rec.form[k] = v;
          else rec.form[k] = { name: (v as File).name, type: (v as File).type, bytes: new Uint8Array(await (v as File).arrayBuffer()) };
        }
      } else if (ctype.includes("application/x-www-form-urlencoded")) {
        const params = new URLSearchParams(await req.text());
        rec.json = Object.fromEntries([...params].map(([k, v]) => [k, tryJson(v)]));
      } else {
        const text = await req.text();
        if (text) rec.json = tryJson(text);
      }
    }
    const auth = req.headers.get("authorization");
    rec.token =
      auth?.match(/^(?:Bearer|OAuth)\s+(.+)$/i)?.[1] ??
      query.access_token ??
      (typeof rec.form?.access_token === "string" ? rec.form.access_token : undefined) ??
      rec.json?.access_token;

    const matches = (m: { method?: string; path?: string | RegExp }) =>
      (!m.method || m.method === req.method) && (!m.path || (typeof m.path === "string" ? m.path === path : m.path.test(path)));
    const hold = this.holds.find(matches);
    if (hold) {
      if (--hold.times <= 0) this.holds.splice(this.holds.indexOf(hold), 1);
      await new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          this.held.delete(release);
          resolve();
        };
        const timer = setTimeout(release, hold.ms);
        this.held.add(release);
      });
    }
    let answer: { status: number; body: unknown; raw?: Response };
    const failure = this.failures.find(
      (f) => (!f.method || f.method === req.method) && (!f.path || (typeof f.path === "string" ? f.path === path : f.path.test(path))),
    );
    if (failure) {
      if (--failure.times <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
      answer = { status: failure.error.status, body: failure.error.body };
    } else {
      try {
        answer = await this.route(req.method, path, versioned, rec);
      } catch (e) {
        if (e instanceof FakeFailure) answer = { status: e.error.status, body: e.error.body };
        else throw e;
      }
    }
    rec.status = answer.status;
    rec.response = answer.raw ? "(bytes)" : answer.body;
    this.requests.push(rec);
    if (answer.raw) return answer.raw;
    return Response.json(answer.body, { status: answer.status });
  }

  private async route(method: string, path: string, versioned: boolean, rec: RecordedRequest): Promise<{ status: number; body: unknown; raw?: Response }> {
    const seg = path.split("/").filter(Boolean);
    const ok = (body: unknown) => ({ status: 200, body });

    if (!versioned && method === "GET" && path === "/whatsapp_business/attachments/") return this.download(rec);
    if (!versioned && method === "GET" && path.startsWith("/cdn/")) {
      const f = this.cdn.get(decodeURIComponent(path.slice(5)));
      if (!f) return { status: 404, body: "URL signature expired" };
      return { status: 200, body: undefined, raw: new Response(f.bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": f.mime } }) };
    }
    if (!versioned) throw new FakeFailure(GRAPH_ERRORS.unsupportedGet(path));

    if (method === "GET" && path === "/oauth/access_token") return ok(this.exchange(rec));
    if (seg.length === 1 && method === "GET") return ok(this.getObject(seg[0]!, rec));
    if (seg.length === 2) {
      const [id, edge] = seg as [string, string];
      if (method === "GET" && edge === "accounts") return ok(this.accounts(id, rec));
      if (method === "GET" && edge === "message_templates") return ok(this.listTemplates(id, rec));
      if (method === "POST" && edge === "subscribed_apps") return ok(await this.subscribe(id, rec));
      if (method === "POST" && edge === "messages" && this.numbers.has(id)) return ok(this.waSend(id, rec));
      if (method === "POST" && edge === "media" && this.numbers.has(id)) return ok(this.waUpload(id, rec));
      if (method === "POST" && edge === "messages" && this.pages.has(id)) return ok(this.pageSend(id, rec));
      if (method === "POST" && edge === "message_attachments" && this.pages.has(id)) return ok(this.pageUpload(id, rec));
    }
    throw new FakeFailure(GRAPH_ERRORS.unsupportedGet(seg[0] ?? path));
  }

  // ---- tokens

  private requireToken(rec: RecordedRequest, allowed: (string | undefined)[]): string {
    const token = rec.token;
    if (!token)
      throw new FakeFailure({
        status: 400,
        body: {
          error: {
            message: "An active access token must be used to query information about the current user.",
            type: "OAuthException",
            code: 2500,
            fbtrace_id: "Afake",
          },
        },
      });
    if (this.revokedTokens.has(token)) throw new FakeFailure(GRAPH_ERRORS.tokenExpired());
    if (!allowed.includes(token)) throw new FakeFailure(GRAPH_ERRORS.invalidToken());
    const proof = rec.query.appsecret_proof;
    if (proof !== undefined && proof !== createHmac("sha256", this.opts.appSecret).update(token).digest("hex"))
      throw new FakeFailure(GRAPH_ERRORS.invalidProof());
    return token;
  }

  private allWaTokens(): string[] {
    return [...this.numbers.values()].map((n) => n.token);
  }

  // ---- objects

  private getObject(id: string, rec: RecordedRequest): unknown {
    const n = this.numbers.get(id);
    if (n) {
      this.requireToken(rec, [n.token]);
      return {
        verified_name: n.verifiedName,
        code_verification_status: "VERIFIED",
        display_phone_number: n.displayPhoneNumber,
        quality_rating: "GREEN",
        id: n.phoneNumberId,
      };
    }
    const m = this.media.get(id);
    if (m) {
      this.requireToken(rec, this.allWaTokens());
      if (rec.query.phone_number_id && rec.query.phone_number_id !== m.phoneNumberId)
        throw new FakeFailure(GRAPH_ERRORS.invalidParameter("The media does not belong to this phone number"));
      return {
        messaging_product: "whatsapp",
        url: `${this.origin}/whatsapp_business/attachments/?mid=${m.id}&ext=${Math.floor(Date.now() / 1000)}&hash=ATuN9Bf_fake`,
        mime_type: m.mime,
        sha256: m.sha256,
        file_size: m.bytes.length,
        id: m.id,
      };
    }
    const page = this.pages.get(id);
    if (page) {
      this.requireToken(rec, [page.token]);
      return { name: page.name, id: page.id };
    }
    const igPage = [...this.pages.values()].find((p) => p.instagram?.id === id);
    if (igPage) {
      this.requireToken(rec, [igPage.token]);
      return { username: igPage.instagram!.username, id };
    }
    const profile = this.profiles.get(id);
    if (profile) {
      this.requireToken(
        rec,
        [...this.pages.values()].map((p) => p.token),
      );
      const fields = (rec.query.fields ?? "").split(",").filter(Boolean);
      return fields.length ? Object.fromEntries(Object.entries(profile).filter(([k]) => k === "id" || fields.includes(k))) : profile;
    }
    throw new FakeFailure(GRAPH_ERRORS.unsupportedGet(id));
  }

  private download(rec: RecordedRequest): { status: number; body: unknown; raw?: Response } {
    this.requireToken(rec, this.allWaTokens());
    const m = this.media.get(rec.query.mid ?? "");
    if (!m) return { status: 404, body: { error: { message: "Not found", code: 100 } } };
    return { status: 200, body: undefined, raw: new Response(m.bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": m.mime } }) };
  }

  private listTemplates(wabaId: string, rec: RecordedRequest): unknown {
    const n = [...this.numbers.values()].find((x) => x.wabaId === wabaId);
    if (!n) throw new FakeFailure(GRAPH_ERRORS.unsupportedGet(wabaId));
    this.requireToken(rec, [n.token]);
    let list = this.templates.get(wabaId) ?? [];
    if (rec.query.status) list = list.filter((t) => t.status === rec.query.status);
    const limit = Number(rec.query.limit ?? 25);
    const offset = rec.query.after ? Number(Buffer.from(rec.query.after, "base64").toString()) : 0;
    const data = list.slice(offset, offset + limit);
    const paging: Record<string, unknown> = {
      cursors: { before: Buffer.from(String(offset)).toString("base64"), after: Buffer.from(String(offset + data.length)).toString("base64") },
    };
    if (offset + data.length < list.length) {
      const next = new URL(`${this.url}/${wabaId}/message_templates`);
      for (const [k, v] of Object.entries(rec.query)) if (k !== "after") next.searchParams.set(k, v);
      next.searchParams.set("after", Buffer.from(String(offset + data.length)).toString("base64"));
      paging.next = next.toString();
    }
    return { data, paging };
  }

  private async subscribe(id: string, rec: RecordedRequest): Promise<unknown> {
    const n = [...this.numbers.values()].find((x) => x.wabaId === id);
    if (n) {
      this.requireToken(rec, [n.token]);
      const uri = rec.json?.override_callback_uri;
      if (uri) {
        // Like Meta: the override is verified with a GET to the callback before it is accepted.
        const challenge = String(Math.floor(Math.random() * 1e9));
        const u = new URL(uri);
        u.searchParams.set("hub.mode", "subscribe");
        u.searchParams.set("hub.challenge", challenge);
        u.searchParams.set("hub.verify_token", String(rec.json?.verify_token ?? ""));
        const res = await fetch(u).catch(() => undefined);
        const text = res ? await res.text() : "";
        if (res?.status !== 200 || text !== challenge) {
          throw new FakeFailure({
            status: 400,
            body: {
              error: {
                message: `(#2200) Callback verification failed with the following errors: HTTP Status Code = ${res?.status ?? 0}; HTTP Message = ${res?.statusText ?? "unreachable"}`,
                type: "OAuthException",
                code: 2200,
                fbtrace_id: "Afake",
              },
            },
          });
        }
        this.callbackOverrides.set(id, uri);
      }
    } else {
      const page = this.pages.get(id);
      if (!page) throw new FakeFailure(GRAPH_ERRORS.unsupportedGet(id));
      this.requireToken(rec, [page.token]);
      if (!rec.query.subscribed_fields && !rec.json?.subscribed_fields)
        throw new FakeFailure(GRAPH_ERRORS.invalidParameter("(#100) The parameter subscribed_fields is required."));
    }
    this.subscriptions.push({ id, fields: rec.query.subscribed_fields ?? rec.json?.subscribed_fields });
    return { success: true };
  }

  // ---- WhatsApp

  private waSend(phoneNumberId: string, rec: RecordedRequest): unknown {
    const n = this.numbers.get(phoneNumberId)!;
    this.requireToken(rec, [n.token]);
    const b = rec.json ?? {};
    if (b.messaging_product !== "whatsapp") throw new FakeFailure(GRAPH_ERRORS.invalidParameter("The parameter messaging_product is required."));
    if (b.status === "read") {
      if (!b.message_id) throw new FakeFailure(GRAPH_ERRORS.invalidParameter("The parameter message_id is required."));
      return { success: true };
    }
    const to = String(b.to ?? "");
    if (!/^\+?\d{6,20}$/.test(to)) throw new FakeFailure(GRAPH_ERRORS.invalidParameter("The parameter to is required."));
    const type = b.type ?? "text";
    if (!b[type]) throw new FakeFailure(GRAPH_ERRORS.invalidParameter(`The parameter ${type} is required.`));
    if (["image", "video", "audio", "document", "sticker"].includes(type) && b[type].id && !this.media.has(b[type].id)) {
      throw new FakeFailure(GRAPH_ERRORS.invalidParameter("Invalid media id"));
    }
    if (type === "template") {
      const t = (this.templates.get(n.wabaId) ?? []).find(
        (x) => x.name === b.template.name && x.language === b.template.language?.code && x.status === "APPROVED",
      );
      if (!t) throw new FakeFailure(GRAPH_ERRORS.templateMissing());
    } else if (type !== "reaction" && this.closedWindows.has(to.replace(/^\+/, ""))) throw new FakeFailure(GRAPH_ERRORS.reengagement());
    const id = `wamid.${Buffer.from(`fake-${++this.seq}-${to}`).toString("base64")}`;
    return { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to.replace(/^\+/, "") }], messages: [{ id, message_status: "accepted" }] };
  }

  private waUpload(phoneNumberId: string, rec: RecordedRequest): unknown {
    const n = this.numbers.get(phoneNumberId)!;
    this.requireToken(rec, [n.token]);
    const f = rec.form ?? {};
    if (f.messaging_product !== "whatsapp") throw new FakeFailure(GRAPH_ERRORS.invalidParameter("The parameter messaging_product is required."));
    const file = f.file;
    if (!file || typeof file === "string") throw new FakeFailure(GRAPH_ERRORS.invalidParameter("The parameter file is required."));
    if (typeof f.type !== "string") throw new FakeFailure(GRAPH_ERRORS.invalidParameter("The parameter type is required."));
    const id = String(1_000_000_000_000_000 + ++this.seq);
    this.addMedia(id, file.bytes, f.type, phoneNumberId);
    return { id };
  }

  // ---- Messenger / Instagram

  private exchange(rec: RecordedRequest): unknown {
    const q = rec.query;
    if (q.grant_type !== "fb_exchange_token") throw new FakeFailure(GRAPH_ERRORS.invalidParameter("Unsupported grant_type"));
    if (q.client_id !== this.opts.appId || q.client_secret !== this.opts.appSecret) throw new FakeFailure(GRAPH_ERRORS.badClientSecret());
    const user = [...this.users.values()].find((u) => u.shortToken === q.fb_exchange_token);
    if (!user || this.revokedTokens.has(q.fb_exchange_token ?? "")) throw new FakeFailure(GRAPH_ERRORS.tokenExpired());
    return { access_token: user.longToken, token_type: "bearer", expires_in: 5183944 };
  }

  private accounts(userId: string, rec: RecordedRequest): unknown {
    const user = this.users.get(userId);
    if (!user) throw new FakeFailure(GRAPH_ERRORS.unsupportedGet(userId));
    this.requireToken(rec, [user.longToken]);
    const all = user.pageIds.map((id) => this.pages.get(id)!).filter(Boolean);
    const limit = Number(rec.query.limit ?? 25);
    const offset = rec.query.after ? Number(Buffer.from(rec.query.after, "base64").toString()) : 0;
    const data = all.slice(offset, offset + limit).map((p) => ({
      access_token: p.token,
      category: "Local business",
      category_list: [{ id: "2500", name: "Local business" }],
      name: p.name,
      id: p.id,
      tasks: ["ANALYZE", "ADVERTISE", "MESSAGING", "MODERATE", "CREATE_CONTENT", "MANAGE"],
      ...(p.instagram ? { instagram_business_account: { ...p.instagram } } : {}),
    }));
    const paging: Record<string, unknown> = {
      cursors: { before: Buffer.from(String(offset)).toString("base64"), after: Buffer.from(String(offset + data.length)).toString("base64") },
    };
    if (offset + data.length < all.length) {
      const next = new URL(`${this.url}/${userId}/accounts`);
      for (const [k, v] of Object.entries(rec.query)) if (k !== "after") next.searchParams.set(k, v);
      next.searchParams.set("after", Buffer.from(String(offset + data.length)).toString("base64"));
      paging.next = next.toString();
    }
    return { data, paging };
  }

  private pageSend(pageId: string, rec: RecordedRequest): unknown {
    const page = this.pages.get(pageId)!;
    this.requireToken(rec, [page.token]);
    const b = rec.json ?? {};
    const recipient = b.recipient?.id;
    if (!recipient) throw new FakeFailure(GRAPH_ERRORS.invalidParameter("(#100) param recipient must be non-empty."));
    if (b.sender_action) {
      if (!["mark_seen", "typing_on", "typing_off", "react", "unreact"].includes(String(b.sender_action).toLowerCase()))
        throw new FakeFailure(GRAPH_ERRORS.invalidParameter("Invalid sender_action"));
      if (b.message) throw new FakeFailure(GRAPH_ERRORS.invalidParameter("(#100) Cannot send both message and sender_action at the same time."));
      return { recipient_id: recipient };
    }
    if (!b.message || (!b.message.text && !b.message.attachment))
      throw new FakeFailure(GRAPH_ERRORS.invalidParameter("(#100) Must send either message or state"));
    if (!["RESPONSE", "UPDATE", "MESSAGE_TAG"].includes(b.messaging_type))
      throw new FakeFailure(GRAPH_ERRORS.invalidParameter("(#100) Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}"));
    if (b.messaging_type === "MESSAGE_TAG" && !b.tag) throw new FakeFailure(GRAPH_ERRORS.invalidParameter("(#100) Param tag is required for MESSAGE_TAG"));
    if (this.closedWindows.has(recipient) && !(b.messaging_type === "MESSAGE_TAG" && b.tag === "HUMAN_AGENT"))
      throw new FakeFailure(GRAPH_ERRORS.outsideWindow());
    return { recipient_id: recipient, message_id: `m_fake${++this.seq}${Buffer.from(recipient).toString("base64url")}` };
  }

  private pageUpload(pageId: string, rec: RecordedRequest): unknown {
    const page = this.pages.get(pageId)!;
    this.requireToken(rec, [page.token]);
    const f = rec.form ?? {};
    const message = typeof f.message === "string" ? tryJson(f.message) : undefined;
    if (!message?.attachment?.type) throw new FakeFailure(GRAPH_ERRORS.invalidParameter("(#100) param message[attachment][type] must be non-empty."));
    if (!f.filedata || typeof f.filedata === "string") throw new FakeFailure(GRAPH_ERRORS.invalidParameter("(#100) Upload attachment failure."));
    return { attachment_id: String(1857777774821000 + ++this.seq) };
  }
}

class FakeFailure extends Error {
  constructor(readonly error: FakeError) {
    super(String(error.body.error.message));
  }
}

function tryJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
