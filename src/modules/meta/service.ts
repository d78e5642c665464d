/**
 * The Meta channels' own routes: the Facebook/Instagram login flow that creates one
 * connection per Page or Instagram account, the approved WhatsApp templates of a connection, and sending one.
 *
 * Graph failures become clear answers: the login no longer valid 400 ERR_META_TOKEN_EXPIRED, the server without
 * META_APP_ID/META_APP_SECRET 403 ERR_META_NOT_CONFIGURED, throttled 429 ERR_RATE_LIMITED, anything else Meta
 * answered 502 ERR_META_REQUEST_FAILED with the channel's code.
 */
import { type AccountConnection, ChannelError, type ChannelTemplate } from "../../channels/adapter";
import { createConnection } from "../../channels/connections";
import { assertAgentCanSend } from "../../channels/outbound";
import { assertChannelAllowed } from "../../channels/registry";
import type { AppContext } from "../../context";
import { AppError, validationError } from "../../http/errors";
import { type Actor, assertCan, assertPlan } from "../../http/permissions";
import { findConnection, listConnections } from "../connections/queries";
import { serializeConnections, storedConfig } from "../connections/serialize";
import { createConnectionsService } from "../connections/service";
import { createMessagesService } from "../messages/service";
import { createTicketsService } from "../tickets/service";
import { trackAgentReply } from "../tickets/tracking-queries";
import type { FacebookLoginInput, TemplateMessageInput } from "./schema";

type Skipped = { pageId: string; name: string; reason: string };

export function createMetaService(ctx: AppContext) {
  const connections = createConnectionsService(ctx);
  const tickets = createTicketsService(ctx);
  const messages = createMessagesService(ctx);

  /** A live connection of the actor's company whose channel has templates, with its parsed config; plan-gated. */
  async function templateConnection(actor: Actor, connectionId: number) {
    const row = await findConnection(ctx.db, actor.companyId, connectionId);
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404, "Connection not found");
    assertChannelAllowed(actor, row.channel);
    const plugin = ctx.channels.registry.get(row.channel);
    if (!plugin?.templates) throw new AppError("ERR_CHANNEL_UNSUPPORTED", 400, "This connection's channel has no message templates");
    return { templates: plugin.templates, config: ctx.channels.registry.parseConfig(row.channel, storedConfig(row)) };
  }

  /** The account connection of a channel's plugin (the Facebook login of facebook and instagram). */
  function accountsOf(channel: string): AccountConnection {
    const accounts = ctx.channels.registry.get(channel)?.accounts;
    if (!accounts) throw new AppError("ERR_CHANNEL_UNSUPPORTED", 400, "This channel has no account login");
    return accounts;
  }

  async function approvedTemplates(actor: Actor, connectionId: number) {
    const { templates, config } = await templateConnection(actor, connectionId);
    return { templates, list: await templates.list(config).catch(metaFailure) };
  }

  return {
    /**
     * GET /api/facebook/webhook (super user): what to paste in the Meta App Dashboard once for every Facebook and
     * Instagram connection: the callback URL (null without PUBLIC_URL: the web app then uses its own origin) and the
     * verify token (META_VERIFY_TOKEN, else derived from META_APP_SECRET; null when neither is set).
     */
    webhook(actor: Actor) {
      assertCan(actor, "platform:manage");
      const plugin = ctx.channels.registry.get("facebook");
      const path = `/api/webhooks/${plugin?.sharedWebhooks?.name ?? "facebook"}`;
      const publicUrl = ctx.config.PUBLIC_URL;
      return { path, url: publicUrl ? publicUrl.replace(/\/+$/, "") + path : null, verifyToken: plugin?.accounts?.verifyToken() ?? null };
    },

    /**
     * POST /api/facebook: exchanges the login token, lists the user's Pages (with addInstagram, their Instagram
     * accounts), subscribes the app to each and creates one connection per Page or account. A Page already connected
     * in the company gets the new token instead (logging in again is how an expired token is renewed). The plan's
     * connection limit applies: once reached, the remaining ones are skipped (none created at all: 403).
     * Answers the created and renewed connections without secrets, and the skipped ones with the reason.
     */
    async connectFacebook(actor: Actor, input: FacebookLoginInput) {
      assertCan(actor, "connections-page:addConnection");
      const channel = input.addInstagram ? "instagram" : "facebook";
      assertPlan(actor, input.addInstagram ? "useInstagram" : "useFacebook");
      const accounts = accountsOf(channel);
      const found = await accounts.connect({ userId: input.facebookUserId, userToken: input.facebookUserToken }).catch(metaFailure);

      const existing = await listConnections(ctx.db, actor.companyId, { channel });
      const created: number[] = [];
      const renewed: number[] = [];
      const skipped: Skipped[] = found.skipped.map(({ listedAs, name, reason }) => ({ pageId: listedAs, name, reason }));
      let limit: AppError | undefined;
      for (const draft of found.connections) {
        const same = existing.find((row) => accounts.accountOf(storedConfig(row)) === draft.account);
        if (same) {
          await connections.update(actor, same.id, { config: { ...storedConfig(same), ...draft.renewal } });
          renewed.push(same.id);
          continue;
        }
        try {
          // The connections form allows names of 2 to 50 characters; a Page's name may be longer.
          const { id } = await createConnection(ctx, actor.companyId, {
            name: draft.name.slice(0, 50).padEnd(2, "_"),
            channel: draft.channel,
            config: draft.config,
          });
          created.push(id);
          ctx.bus.emit("connection.saved", { companyId: actor.companyId, connectionId: id });
        } catch (err) {
          if (!(err instanceof AppError) || err.code !== "ERR_PLAN_LIMIT_CONNECTIONS") throw err;
          limit = err;
          skipped.push({ pageId: draft.listedAs, name: draft.name, reason: err.message });
        }
      }
      if (limit && !created.length && !renewed.length) throw limit;
      const views = async (ids: number[]) =>
        ids.length ? serializeConnections(ctx, actor.companyId, await listConnections(ctx.db, actor.companyId, { ids }), "viewer") : [];
      return { connections: await views(created), renewed: await views(renewed), skipped };
    },

    /** GET /api/whatsapp/:id/templates: the approved templates of a connection of the company. */
    async templates(actor: Actor, connectionId: number): Promise<ChannelTemplate[]> {
      return (await approvedTemplates(actor, connectionId)).list;
    },

    /**
     * POST /api/messages/:ticketId/template: sends an approved template of the ticket's connection, the one kind of
     * message allowed once the 24-hour window has closed. Stored as mediaType template with its rendered text as the
     * body and the template in data.template; sent like any message (in order, with acks and retries).
     */
    async sendTemplate(actor: Actor, ticketId: number, input: TemplateMessageInput) {
      const { ticket, queueIds } = await tickets.visibleTicket(actor, { id: ticketId });
      assertAgentCanSend(actor, ticket, queueIds);
      if (!ticket.whatsappId) throw new AppError("ERR_NO_WAPP_FOUND", 400, "The ticket has no connection");
      const { templates, list } = await approvedTemplates(actor, ticket.whatsappId);
      const template = list.find((t) => t.name === input.name && t.language === input.language);
      if (!template) throw validationError({ name: "Unknown template" }, "No approved template with this name and language");
      const sent = { name: template.name, language: template.language, ...(input.components?.length ? { components: input.components } : {}) };
      const { messageId } = await ctx.channels.outbound.queue({
        companyId: actor.companyId,
        ticketId: ticket.id,
        body: templates.render(template, input.components) || template.name,
        origin: "agent",
        userId: actor.userId,
        template: sent,
      });
      await trackAgentReply(ctx.db, actor.companyId, ticket.id, ctx.clock.now().toISOString());
      const message = await messages.viewFor(actor, messageId);
      return { message, messages: [message] };
    },
  };
}

/** A Graph failure as the answer a person can act on; anything but a ChannelError is a bug and stays one. */
function metaFailure(err: unknown): never {
  if (!(err instanceof ChannelError)) throw err;
  switch (err.code) {
    case "UNSUPPORTED":
      throw new AppError("ERR_META_NOT_CONFIGURED", 403, err.message);
    case "AUTH_EXPIRED":
      throw new AppError("ERR_META_TOKEN_EXPIRED", 400, `Meta no longer accepts the access token: ${err.message}`);
    case "RATE_LIMITED":
      throw new AppError("ERR_RATE_LIMITED", 429, err.message, { retryAfter: Math.ceil((err.retryAfterMs ?? 60_000) / 1000) });
    default:
      throw new AppError("ERR_META_REQUEST_FAILED", 502, err.message, { channelError: err.code });
  }
}
