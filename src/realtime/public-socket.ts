import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { createSettingsService } from "../modules/settings/service";
import { boundedSender } from "./bounded-send";

/** The frame a sessionless socket hears: public settings as [{key, value}], all of them on open, then each change. */
export const PUBLIC_SETTINGS_EVENT = "public-settings";

/**
 * GET /api/public-socket: a WebSocket without a session, for screens shown before login (the login page follows the
 * whitelabel settings live). It carries only what GET /api/public-settings/:key answers anyone, never a company's
 * event, and ignores whatever the client sends.
 */
export const publicSocketRoutes = (ctx: AppContext) => {
  const settings = createSettingsService(ctx);
  return new Elysia({ prefix: "/api" }).ws("/public-socket", {
    async open(ws) {
      const raw = ws.raw;
      const send = boundedSender(raw, ctx.config.WS_BUFFER_LIMIT_KB * 1024, "public");
      // Registered before the snapshot is read, so a change committed meanwhile is in the snapshot or among the frames
      // held back until the snapshot has gone: a change never arrives before a snapshot older than it.
      let held: string[] | undefined = [];
      const deliver = (frame: string) => (held ? held.push(frame) : send(frame));
      if (!ctx.hub.connectPublic(ws.id, { send: deliver, close: (code, reason) => raw.close(code, reason) })) return;
      send(JSON.stringify({ event: PUBLIC_SETTINGS_EVENT, data: await settings.publicList() }));
      const frames = held;
      held = undefined;
      for (const frame of frames) send(frame);
    },
    close(ws) {
      ctx.hub.disconnectPublic(ws.id);
    },
  });
};
