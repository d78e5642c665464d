import { Elysia } from "elysia";
import { decodeJwt } from "jose";
import { z } from "zod";
import type { AppContext } from "../context";
import { authenticate } from "../http/auth";
import { AppError } from "../http/errors";
import type { Actor } from "../http/permissions";
import { boundedSender } from "./bounded-send";
import { CLOSE, type Hub, rooms } from "./hub";

type Session = { ok: true; actor: Actor; expiresAt: number } | { ok: false; close: (typeof CLOSE)["unauthorized" | "expired"] };

const ticketId = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number),
]);
const ticketStatus = z.string().regex(/^[a-z]{1,16}$/);

/** What a client may send; anything else is ignored. */
const clientFrame = z.discriminatedUnion("event", [
  z.object({ event: z.literal("joinNotification") }),
  z.object({ event: z.enum(["joinTickets", "leaveTickets"]), data: ticketStatus }),
  z.object({ event: z.enum(["joinChatBox", "leaveChatBox"]), data: ticketId }),
  z.object({ event: z.enum(["joinChat", "leaveChat"]), data: z.guid() }),
  z.object({ event: z.literal("userStatus") }),
]);

/**
 * GET /api/socket?token=<access token>. The upgrade is always accepted and a refused session is closed at
 * once with a code the browser can read (a refused upgrade reaches a browser only as an anonymous 1006):
 * 4001 ERR_UNAUTHORIZED means log out, 4003 ERR_SESSION_EXPIRED means refresh the token and reconnect.
 * The token travels in the query, not a cookie, so another site cannot open a socket in the user's name.
 */
export const socketRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/api" })
    .resolve(async ({ query }) => ({ session: await openSession(ctx, typeof query.token === "string" ? query.token : undefined) }))
    .ws("/socket", {
      open(ws) {
        const { session } = ws.data;
        if (!session.ok) return ws.close(session.close.code, session.close.reason);
        const raw = ws.raw;
        const send = boundedSender(raw, ctx.config.WS_BUFFER_LIMIT_KB * 1024, "session");
        ctx.hub.connect(ws.id, { send, close: (code, reason) => raw.close(code, reason) }, session.actor, session.expiresAt);
      },
      message(ws, message) {
        const frame = clientFrame.safeParse(message);
        if (!frame.success) return ctx.log.debug("socket frame ignored", { userId: ws.data.session.ok ? ws.data.session.actor.userId : undefined });
        handleFrame(ctx.hub, ws.id, frame.data);
      },
      close(ws) {
        ctx.hub.disconnect(ws.id);
      },
    });

async function openSession(ctx: AppContext, token: string | undefined): Promise<Session> {
  try {
    const actor = await authenticate(ctx, token);
    // authenticate verified the signature and the expiry, so the claim is genuine and present.
    return { ok: true, actor, expiresAt: decodeJwt(token!).exp! * 1000 };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { ok: false, close: err.code === "ERR_SESSION_EXPIRED" ? CLOSE.expired : CLOSE.unauthorized };
  }
}

function handleFrame(hub: Hub, id: string, frame: z.infer<typeof clientFrame>): void {
  switch (frame.event) {
    case "joinNotification":
      hub.join(id, rooms.notification);
      break;
    case "joinTickets":
      hub.join(id, rooms.status(frame.data));
      break;
    case "leaveTickets":
      hub.leave(id, rooms.status(frame.data));
      break;
    case "joinChatBox":
      hub.join(id, rooms.ticket(frame.data));
      break;
    case "leaveChatBox":
      hub.leave(id, rooms.ticket(frame.data));
      break;
    case "joinChat":
      hub.join(id, rooms.chat(frame.data.toLowerCase()));
      break;
    case "leaveChat":
      hub.leave(id, rooms.chat(frame.data.toLowerCase()));
      break;
    case "userStatus":
      hub.touch(id);
      break;
  }
}
