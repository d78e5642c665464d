/**
 * The visitor API of web chat: public routes, used by the widget page (/widget/<widgetKey>) on our own origin.
 *
 *   GET  /api/webchat/:widgetKey/config     {title, greeting, color}: what the widget shows before a session
 *   POST /api/webchat/:widgetKey/sessions   {name, email?, phone?} -> {visitorToken, contact: {id, name}}
 *   GET  /api/webchat/:widgetKey/messages   bearer visitorToken; ?before=<id>: {messages (oldest first), hasMore}
 *   POST /api/webchat/:widgetKey/messages   bearer visitorToken; JSON {body, clientId?} or multipart {file, body?, clientId?}
 *   WS   /api/webchat/socket?visitorToken=… frames `message`, `ack`, `reaction` {id, emoji}, `edit` {id, body} and
 *        `delete` {id} to the visitor; `ack` {id, ack: 2|3} from it;
 *        closes 4001 for a bad token, 4004 while the connection is stopped or deleted, 4029 over the address's limit
 *
 * Rules: the widgetKey is public and grants only this API for its own connection. A visitor is who the signed
 * visitorToken says (a server-generated id), never what they typed; a token of connection X is refused on Y's
 * widgetKey. A visitor reads only their own conversation, never private notes (host.history). A repeated clientId
 * answers the first post's message (it is the inbound externalId, namespaced by the visitor). Rate limits per
 * visitor and per address (rate-limit.ts) answer 429 ERR_RATE_LIMITED. A connection that lists allowed origins answers
 * a page of any other site (its Origin; our own widget page is not another site) 403 ERR_ORIGIN_NOT_ALLOWED, and its
 * socket closes 4003.
 *
 * The core mounts these routes under /api/webchat (ChannelPlugin.publicRoutes) and hands them a PublicRoutesHost, the
 * only part of the core they see besides the sessions' ChannelHost: it finds the connection behind a widgetKey (a
 * deleted or stopped connection has no session, so its widget answers 404 at once), and lends the core's client
 * address rule, validation, error shape and media checks, so these answers read like every other route's. Everything
 * that writes goes through the connection's session and its ChannelHost (contact, inbound, history); the history
 * carries the edited mark and the agents' reactions, so nothing here reads the database.
 */
import { Elysia } from "elysia";
import { z } from "zod";
import { answers, type HostMessage, type InboundMessage, type PublicRoutesHost } from "../../../src/channels/adapter";
import { allowsSite, webchatConfigSchema } from "./manifest";
import { RateLimiter, type WebchatLimits } from "./rate-limit";
import { clientIdOf, inboundExternalId, toVisitorMessage, type VisitorLink, type VisitorMessage, WebchatSession } from "./session";
import { type VisitorClaims, VisitorTokens } from "./token";

export const PAGE_SIZE = 20;
const BODY_MAX = 4096;
const ANSWERS_KEPT = 5_000;
const WIDGET_KEY = /^[A-Za-z0-9]{16,64}$/;

export const CLOSE_UNAUTHORIZED = { code: 4001, reason: "ERR_UNAUTHORIZED" } as const;
export const CLOSE_RATE_LIMITED = { code: 4029, reason: "ERR_RATE_LIMITED" } as const;
export const CLOSE_UNAVAILABLE = { code: 4004, reason: "ERR_NOT_FOUND" } as const;
export const CLOSE_ORIGIN_NOT_ALLOWED = { code: 4003, reason: "ERR_ORIGIN_NOT_ALLOWED" } as const;

const optionalText = (schema: z.ZodType<string>) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

export const sessionBody = z.object({
  name: z.string().trim().min(1, "Required").max(80),
  email: optionalText(z.string().trim().max(254).pipe(z.email())),
  /** Stored as digits on the contact (the external send API addresses visitors by it); 10-15 digits with any formatting. */
  phone: optionalText(
    z
      .string()
      .max(40)
      .transform((v) => v.replace(/[\s().+-]/g, ""))
      .pipe(z.string().regex(/^\d{10,15}$/, "10 to 15 digits: country code, area code and number")),
  ),
});

const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "1-64 letters, digits, _ or -");

/** A post: a text (required unless a file comes) and at most one file (multipart only). */
export const postBody = z
  .object({
    body: z.string().max(BODY_MAX).default(""),
    clientId: clientIdSchema.optional(),
    file: z.array(z.instanceof(File), { error: "Send exactly one file" }).length(1, "Send exactly one file").optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.file && !v.body.trim()) ctx.addIssue({ code: "custom", path: ["body"], message: "Required" });
  });

const configAnswer = z.object({ title: z.string(), greeting: z.string(), color: z.string() });
/** An answer's object: the named fields are checked, others pass through; typed as the named ones (interfaces have no index signature). */
const loose = <S extends z.core.$ZodLooseShape>(shape: S) => z.looseObject(shape) as unknown as z.ZodObject<S>;
const visitorMessageAnswer = loose({
  id: z.number(),
  body: z.string(),
  mediaUrl: z.string().nullable(),
  mediaType: z.string().nullable(),
  createdAt: z.string(),
  fromMe: z.boolean(),
  ack: z.number(),
  clientId: z.string().nullable(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
});

const historyQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

const clientFrame = z.discriminatedUnion("event", [
  z.object({ event: z.literal("ack"), data: z.object({ id: z.number().int().positive(), ack: z.union([z.literal(2), z.literal(3)]) }) }),
  z.object({ event: z.literal("ping") }),
]);

interface Resolved {
  session: WebchatSession;
  connectionId: number;
  name: string;
  config: string;
}

interface SocketState {
  session: WebchatSession;
  visitorId: string;
  link: VisitorLink;
  detach: () => void;
}

export function webchatRoutes(host: PublicRoutesHost, limits: WebchatLimits) {
  const tokens = new VisitorTokens(host.signingSecret);
  const limiter = new RateLimiter(host.clock);
  const chatUnavailable = () => host.errors.notFound("This chat is not available");
  const sockets = new Map<string, SocketState>();
  /** Recent post answers by connection and externalId (idempotent posts answer the same). */
  const postAnswers = new Map<string, VisitorMessage>();

  /**
   * The live web-chat session behind a widgetKey; 404 for an unknown key, a deleted or a stopped connection, 403 for a
   * page of a site the connection does not allow.
   */
  async function resolve(widgetKey: string, request: Request): Promise<Resolved> {
    if (!WIDGET_KEY.test(widgetKey)) throw chatUnavailable();
    const conn = await host.connectionByPublicKey(widgetKey);
    const session = conn?.session;
    if (!conn || !(session instanceof WebchatSession) || !session.isRunning) throw chatUnavailable();
    if (!allowsSite(session.config, host.foreignOrigin(request))) throw host.errors.originNotAllowed("This site may not use this chat");
    return { session, connectionId: conn.id, name: conn.name, config: conn.config };
  }

  /** The visitor behind the bearer token, for this connection only. */
  function visitorOf(authorization: string | undefined, conn: Resolved): VisitorClaims {
    const m = /^Bearer (\S+)$/i.exec(authorization ?? "");
    const claims = m ? tokens.verify(m[1], host.clock.now().getTime()) : undefined;
    if (!claims || claims.connectionId !== conn.connectionId) throw host.errors.unauthorized("Start a chat session first");
    return claims;
  }

  function limit(set: { headers: Record<string, string | number> }, buckets: { key: string; limit: number }[]): void {
    const r = limiter.take(buckets);
    if (r.ok) return;
    set.headers["retry-after"] = String(r.retryAfterS);
    throw host.errors.rateLimited("Too many requests; try again shortly", r.retryAfterS);
  }

  /**
   * Messages of the visitor's conversation as the visitor API shows them. Visitor messages' ids are remembered by the
   * session (a reaction to one is pushed live without a look-up).
   */
  function visitorMessages(session: WebchatSession, visitorId: string, rows: HostMessage[]): VisitorMessage[] {
    return rows.map((m) => {
      if (!m.fromMe && m.externalId) session.rememberId(m.externalId, m.id);
      return toVisitorMessage(m, visitorId);
    });
  }

  /** One message of the visitor's conversation by id (through the host: their own chat only, never a private note). */
  async function messageView(session: WebchatSession, visitorId: string, messageId: number): Promise<VisitorMessage | undefined> {
    const [m] = await session.host.history(visitorId, { beforeId: messageId + 1, limit: 1 });
    return m && m.id === messageId ? visitorMessages(session, visitorId, [m])[0] : undefined;
  }

  /**
   * What a post answers. A new text message is answered from what was posted (no read-back: this is the hot path);
   * the answer is remembered a while by externalId, so a repeated clientId gets exactly the same answer. A repeat
   * after that, and any attachment (its signed link), is read back from the conversation.
   */
  async function answerOf(session: WebchatSession, visitorId: string, event: InboundMessage, result: { status: "stored" | "duplicate"; messageId: number }) {
    const key = `${session.host.connection.id}:${event.externalId}`;
    const remembered = postAnswers.get(key);
    if (remembered && remembered.id === result.messageId) return remembered;
    let message: VisitorMessage | undefined;
    if (result.status === "stored" && !event.media) {
      message = {
        id: result.messageId,
        body: event.body,
        mediaUrl: null,
        mediaType: null,
        mediaName: null,
        createdAt: host.clock.now().toISOString(),
        fromMe: true,
        ack: 0,
        clientId: clientIdOf(event.externalId, visitorId),
        isDeleted: false,
        isEdited: false,
        reactions: [],
      };
      session.rememberId(event.externalId, result.messageId);
    } else message = await messageView(session, visitorId, result.messageId);
    if (!message) throw host.errors.internal("The message was stored but cannot be read back");
    if (postAnswers.size >= ANSWERS_KEPT) postAnswers.delete(postAnswers.keys().next().value!);
    postAnswers.set(key, message);
    return message;
  }

  /** The chat (and for the messages routes the visitor) of each request, found before its input is validated. */
  const found = new WeakMap<Request, { conn: Resolved; visitorId?: string }>();
  const foundOf = (request: Request) => found.get(request)!;
  const key = z.object({ widgetKey: z.string() });
  const tags = ["Web chat (visitor API)"];
  const visitorAuth = "A visitor token (POST …/sessions) as `Authorization: Bearer`; the widgetKey is public.";

  return new Elysia()
    .get(
      "/:widgetKey/config",
      ({ request }) => {
        const { conn } = foundOf(request);
        const cfg = webchatConfigSchema.safeParse(safeJson(conn.config));
        const c = cfg.success ? cfg.data : webchatConfigSchema.parse({});
        return { title: c.title || conn.name, greeting: c.greeting, color: c.color };
      },
      {
        params: key,
        async transform({ params, request, server, set }) {
          found.set(request, { conn: await resolve(params.widgetKey, request) });
          limit(set, [{ key: `r:${host.clientIp(request, server)}`, limit: limits.readsPerIp }]);
        },
        response: answers({ 200: configAnswer }),
        detail: {
          tags,
          summary: "The widget's title, greeting and colour",
          description: "Public: the widgetKey names the chat. 404 ERR_NOT_FOUND, 403 ERR_ORIGIN_NOT_ALLOWED, 429 ERR_RATE_LIMITED.",
        },
      },
    )

    .post(
      "/:widgetKey/sessions",
      async ({ request, body }) => {
        const { conn } = foundOf(request);
        const visitorId = crypto.randomUUID();
        const contact = await conn.session.host.contact({
          id: visitorId,
          name: body.name,
          ...(body.email ? { email: body.email } : {}),
          ...(body.phone ? { number: body.phone } : {}),
        });
        return { visitorToken: tokens.sign(visitorId, conn.connectionId, host.clock.now().getTime()), contact: { id: contact.id, name: contact.name } };
      },
      {
        params: key,
        async transform({ params, request, server, set }) {
          found.set(request, { conn: await resolve(params.widgetKey, request) });
          limit(set, [{ key: `s:${host.clientIp(request, server)}`, limit: limits.sessionsPerIp }]);
        },
        body: sessionBody,
        response: answers({ 200: z.object({ visitorToken: z.string(), contact: z.object({ id: z.number(), name: z.string() }) }) }),
        detail: {
          tags,
          summary: "Start a visitor's chat: their contact and a visitor token",
          description: "Public: the widgetKey names the chat. 404 ERR_NOT_FOUND, 403 ERR_ORIGIN_NOT_ALLOWED, 429 ERR_RATE_LIMITED.",
        },
      },
    )

    .get(
      "/:widgetKey/messages",
      async ({ request, query }) => {
        const { conn, visitorId } = foundOf(request);
        const rows = await conn.session.host.history(visitorId!, { beforeId: query.before, limit: PAGE_SIZE + 1 });
        const page = rows.slice(0, PAGE_SIZE).reverse();
        for (const m of page) if (m.fromMe && m.ack < 3) conn.session.allowAck(visitorId!, m.id);
        return { messages: visitorMessages(conn.session, visitorId!, page), hasMore: rows.length > PAGE_SIZE };
      },
      {
        params: key,
        async transform({ params, headers, request, server, set }) {
          const conn = await resolve(params.widgetKey, request);
          found.set(request, { conn, visitorId: visitorOf(headers.authorization, conn).visitorId });
          limit(set, [{ key: `r:${host.clientIp(request, server)}`, limit: limits.readsPerIp }]);
        },
        query: historyQuery,
        response: answers({ 200: z.object({ messages: z.array(visitorMessageAnswer), hasMore: z.boolean() }) }),
        detail: {
          tags,
          summary: "The visitor's conversation, 20 a page, older pages with before",
          description: `${visitorAuth} 401 ERR_UNAUTHORIZED, 404 ERR_NOT_FOUND, 429 ERR_RATE_LIMITED.`,
          security: [{ visitorToken: [] }],
        },
      },
    )

    .post(
      "/:widgetKey/messages",
      async ({ request, body }) => {
        const { conn, visitorId } = foundOf(request);
        const file = body.file?.[0];
        if (file) {
          // Checked here so the visitor gets 413/415 at once; the media store checks the same again when it saves the file.
          const maxBytes = await host.mediaLimitBytes();
          if (file.size > maxBytes) throw host.errors.mediaTooLarge(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
          if (!(await host.acceptsMedia(file))) throw host.errors.mediaTypeNotAllowed("This type of file is not accepted here");
        }
        const event: InboundMessage = {
          type: "message",
          chat: { id: visitorId! },
          externalId: inboundExternalId(visitorId!, body.clientId ?? crypto.randomUUID()),
          fromMe: false,
          body: body.body,
          ...(file ? { media: { data: file, name: file.name || "file", mime: file.type || undefined } } : {}),
        };
        const result = await conn.session.host.inbound(event);
        if (result.status === "dropped") {
          if (result.reason === "connection_deleted") throw chatUnavailable();
          throw host.errors.validation({ body: "The message was not accepted" });
        }
        if (result.status === "updated") throw host.errors.internal("Unexpected inbound result");
        const message = await answerOf(conn.session, visitorId!, event, result);
        // The visitor's other tabs show it too (the widget de-duplicates by id).
        if (result.status === "stored") conn.session.push(visitorId!, { event: "message", data: message });
        return { message };
      },
      {
        params: key,
        async transform(c) {
          const conn = await resolve(c.params.widgetKey, c.request);
          const { visitorId } = visitorOf(c.headers.authorization, conn);
          found.set(c.request, { conn, visitorId });
          const ip = host.clientIp(c.request, c.server);
          limit(c.set, [
            { key: `v:${conn.connectionId}:${visitorId}`, limit: limits.messagesPerVisitor },
            { key: `m:${ip}`, limit: limits.messagesPerIp },
          ]);
          if ((c.request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
            c.body = postForm(c.body as Record<string, unknown>) as typeof c.body;
        },
        body: postBody,
        response: answers({ 200: z.object({ message: visitorMessageAnswer }) }),
        detail: {
          tags,
          summary: "Post the visitor's message: JSON {body, clientId}, or multipart with one file (file) and an optional body",
          description: `${visitorAuth} A repeated clientId answers the same message (idempotent). 401 ERR_UNAUTHORIZED, 404 ERR_NOT_FOUND, 413 ERR_MEDIA_TOO_LARGE, 415 ERR_MEDIA_TYPE_NOT_ALLOWED, 429 ERR_RATE_LIMITED.`,
          security: [{ visitorToken: [] }],
        },
      },
    )

    .use(
      // Its own instance, so the address resolver runs for the socket's upgrade only.
      new Elysia()
        .resolve(({ request, server }) => ({ clientAddress: host.clientIp(request, server), foreignOrigin: host.foreignOrigin(request) }))
        .ws("/socket", {
          open(ws) {
            const raw = ws.raw;
            const claims = tokens.verify(ws.data.query.visitorToken, host.clock.now().getTime());
            if (!claims) return raw.close(CLOSE_UNAUTHORIZED.code, CLOSE_UNAUTHORIZED.reason);
            // A genuine token of a connection that is stopped (or deleted): not the visitor's fault, they keep their token.
            const session = host.session(claims.connectionId);
            if (!(session instanceof WebchatSession) || !session.isRunning) return raw.close(CLOSE_UNAVAILABLE.code, CLOSE_UNAVAILABLE.reason);
            if (!allowsSite(session.config, ws.data.foreignOrigin)) return raw.close(CLOSE_ORIGIN_NOT_ALLOWED.code, CLOSE_ORIGIN_NOT_ALLOWED.reason);
            if (!limiter.take([{ key: `r:${ws.data.clientAddress}`, limit: limits.readsPerIp }]).ok)
              return raw.close(CLOSE_RATE_LIMITED.code, CLOSE_RATE_LIMITED.reason);
            const link: VisitorLink = { send: host.socketSender(raw), close: (code, reason) => raw.close(code, reason) };
            const detach = session.attach(claims.visitorId, link);
            sockets.set(ws.id, { session, visitorId: claims.visitorId, link, detach });
            link.send(JSON.stringify({ event: "ready", data: { visitorId: claims.visitorId } }));
          },
          message(ws, message) {
            const state = sockets.get(ws.id);
            if (!state) return;
            const frame = clientFrame.safeParse(typeof message === "string" ? safeJson(message) : message);
            if (!frame.success) return;
            if (frame.data.event === "ping") return state.link.send(JSON.stringify({ event: "pong", data: null }));
            state.session.visitorAck(state.visitorId, frame.data.data.id, frame.data.data.ack, state.link);
          },
          close(ws) {
            const state = sockets.get(ws.id);
            if (!state) return;
            sockets.delete(ws.id);
            state.detach();
          },
        }),
    );
}

/**
 * The multipart form of a post as its schema reads it: body and clientId once each, and the files of `file` (or
 * `attachment`, `media`) as a list; a file field holding no file is kept as sent, so the schema refuses it.
 */
function postForm(form: Record<string, unknown>): Record<string, unknown> {
  const text = (v: unknown) => (typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : undefined);
  const given = form.file ?? form.attachment ?? form.media;
  const files = (Array.isArray(given) ? given : given === undefined ? [] : [given]).filter((f): f is File => f instanceof File);
  return { body: text(form.body), clientId: text(form.clientId), ...(given !== undefined ? { file: files.length ? files : given } : {}) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
