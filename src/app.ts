import { type AnyElysia, Elysia } from "elysia";
import type { AppContext } from "./context";
import { channelPublicRoutes } from "./channels/public-routes";
import { channelWebhookRoutes } from "./channels/routes";
import { wiredFeatures } from "./features";
import { jsonCompression } from "./http/compression";
import { AppError } from "./http/errors";
import { referenceRoutes } from "./http/reference/routes";
import { routeValidationError } from "./http/validate";
import { spaRoutes } from "./http/spa";
import { httpMetrics } from "./metrics/http";
import { operationsRoutes } from "./metrics/routes";
import { auditRoutes } from "./modules/audit/routes";
import { authRoutes } from "./modules/auth/routes";
import { chatbotRoutes } from "./modules/chatbot/routes";
import { companiesRoutes } from "./modules/companies/routes";
import { connectionsRoutes } from "./modules/connections/routes";
import { contactsRoutes } from "./modules/contacts/routes";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { contactExportRoutes } from "./modules/contacts-export/routes";
import { contactImportRoutes } from "./modules/contacts-import/routes";
import { externalApiRoutes } from "./modules/external-api/routes";
import { filesRoutes } from "./modules/files/routes";
import { kanbanRoutes } from "./modules/kanban/routes";
import { messagesRoutes } from "./modules/messages/routes";
import { metaRoutes } from "./modules/meta/routes";
import { momentsRoutes } from "./modules/moments/routes";
import { plansRoutes } from "./modules/plans/routes";
import { publicRoutes } from "./modules/public/routes";
import { queuesRoutes } from "./modules/queues/routes";
import { quickMessagesRoutes } from "./modules/quick-messages/routes";
import { reportsRoutes } from "./modules/reports/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { tagsRoutes } from "./modules/tags/routes";
import { ticketNotesRoutes } from "./modules/ticket-notes/routes";
import { ticketsRoutes } from "./modules/tickets/routes";
import { usersRoutes } from "./modules/users/routes";
import { whitelabelRoutes } from "./modules/whitelabel/routes";
import { publicSocketRoutes } from "./realtime/public-socket";
import { socketRoutes } from "./realtime/socket";
import { mediaRoutes } from "./storage/routes";

/** A module of the app: its routes, and the capabilities they give the web app (GET /api/version). */
interface AppModule {
  routes: (ctx: AppContext) => AnyElysia;
  features?: readonly string[];
}

/**
 * Every module the app composes, in order. A capability is listed by GET /api/version only when the module giving it
 * is composed here, so the web app never offers a page or a field the server lacks.
 */
const MODULES: readonly AppModule[] = [
  { routes: authRoutes, features: ["auth", "signup", "passwordReset"] },
  { routes: plansRoutes, features: ["plans"] },
  { routes: usersRoutes, features: ["users"] },
  { routes: queuesRoutes, features: ["queues"] },
  { routes: settingsRoutes, features: ["settings"] },
  { routes: whitelabelRoutes, features: ["whitelabel"] },
  { routes: companiesRoutes, features: ["companySchedules"] },
  { routes: chatbotRoutes, features: ["chatbot"] },
  { routes: mediaRoutes, features: ["media"] },
  { routes: socketRoutes, features: ["realtime"] },
  { routes: publicSocketRoutes },
  { routes: ticketsRoutes, features: ["tickets"] },
  { routes: messagesRoutes, features: ["messages"] },
  { routes: channelWebhookRoutes },
  { routes: connectionsRoutes, features: ["connections"] },
  { routes: channelPublicRoutes },
  { routes: externalApiRoutes, features: ["externalApi"] },
  { routes: contactsRoutes, features: ["contacts"] },
  { routes: contactImportRoutes, features: ["contactsImport"] },
  { routes: contactExportRoutes, features: ["contactsExport"] },
  { routes: tagsRoutes, features: ["tags"] },
  { routes: kanbanRoutes, features: ["kanban"] },
  { routes: momentsRoutes, features: ["moments"] },
  { routes: ticketNotesRoutes, features: ["ticketNotes"] },
  { routes: quickMessagesRoutes, features: ["quickMessages"] },
  { routes: filesRoutes, features: ["files"] },
  { routes: metaRoutes, features: ["metaLogin"] },
  { routes: dashboardRoutes, features: ["dashboard"] },
  { routes: reportsRoutes, features: ["reports"] },
  { routes: auditRoutes },
];

/** Composes every module's routes; tests call createApp(ctx).handle(request). */
export function createApp(ctx: AppContext) {
  const features = wiredFeatures(ctx, MODULES);
  // Client frames are small JSON commands; Bun's default 16 MB frame limit only helps abuse.
  const app = new Elysia({ websocket: { maxPayloadLength: 64 * 1024 } })
    .onRequest(({ set }) => {
      set.headers["x-content-type-options"] = "nosniff";
      set.headers["referrer-policy"] = "same-origin";
      set.headers["x-frame-options"] = "DENY";
    })
    // A request without a body is validated as an empty object, so its schema names each required field.
    .onTransform({ as: "global" }, (c) => {
      c.body ??= {};
    })
    .onError(({ code, error, set, path }) => {
      const replyWith = (e: AppError) => {
        set.status = e.status;
        return e.toJSON();
      };
      if (error instanceof AppError) return replyWith(error);
      // A refusal raised while a route read its own body (its parse step) arrives wrapped as the cause.
      if (code === "PARSE" && error.cause instanceof AppError) return replyWith(error.cause);
      switch (code) {
        case "VALIDATION":
          // An answer that breaks its own schema is the server's fault: logged and answered 500 below.
          if (error.type === "response") break;
          return replyWith(routeValidationError(error));
        case "PARSE":
          set.status = 400;
          return { error: "ERR_VALIDATION", message: "Malformed request", fields: {} };
        case "NOT_FOUND":
          set.status = 404;
          return { error: "ERR_NOT_FOUND", message: "Not found" };
        case "INVALID_COOKIE_SIGNATURE":
          set.status = 401;
          return { error: "ERR_UNAUTHORIZED", message: "Authentication required" };
      }
      ctx.log.error("unhandled error", { path, code: String(code), err: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      set.status = 500;
      return { error: "ERR_INTERNAL", message: "An internal error occurred" };
    })
    .use(httpMetrics())
    .use(jsonCompression(ctx.channels.registry.list().flatMap((p) => p.manifest.secretFields)))
    .use(operationsRoutes(ctx))
    .use(publicRoutes(ctx, features));
  for (const m of MODULES) app.use(m.routes(ctx));
  return app
    .use(referenceRoutes(ctx, () => app))
    .all("/api/*", () => {
      throw new AppError("ERR_NOT_FOUND", 404, "Not found");
    })
    .use(spaRoutes(ctx));
}
