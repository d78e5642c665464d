import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { bearer } from "../../http/auth";
import { formFields, isMultipart, readBody } from "../../http/forms";
import { answers, doc } from "../../http/schemas";
import { externalSendAnswer, externalSendRequest, SEND_FORM_FIELDS } from "./schema";
import { createExternalApiService, type TokenConnection } from "./service";

/** The connection each request's token named, found before its body is read. */
const connections = new WeakMap<Request, TokenConnection>();

/**
 * POST /api/messages/send: the integrators' endpoint. Bearer = a connection's secret token.
 * JSON {number, body, userId?, queueId?, sendSignature?, closeTicket?} or multipart with `medias` (files) and the same
 * fields. The body is read only after the token is accepted: without one the answer is 401 whatever was posted.
 */
export const externalApiRoutes = (ctx: AppContext) => {
  const api = createExternalApiService(ctx);
  const authorize = async (request: Request) => {
    if (!connections.has(request)) connections.set(request, await api.connectionOf(bearer(request.headers.get("authorization"))));
  };
  return new Elysia({ prefix: "/api", tags: ["Integrators"] }).post(
    "/messages/send",
    ({ body, request }) => {
      const { medias, ...fields } = body;
      return api.send(connections.get(request) as TokenConnection, { ...fields, files: medias ?? [] });
    },
    {
      // The token is checked before the body is read (a request without a body never reaches the parser).
      parse: async ({ request }) => {
        await authorize(request);
        const raw = await readBody(request);
        return isMultipart(request) ? formFields(raw as Record<string, unknown>, SEND_FORM_FIELDS, { into: "medias", from: ["medias", "medias[]"] }) : raw;
      },
      transform: ({ request }) => authorize(request),
      body: externalSendRequest,
      response: answers({ 200: externalSendAnswer }),
      detail: {
        ...doc("Send a message (text and/or files) to a number on the connection the token names", {
          permission: "the connection's API token as the bearer (not a user's); the company's plan needs useExternalApi",
          description:
            "For integrators (ERP, CRM, automation). The contact and its ticket are found or created on the token's connection; the message goes out like an agent's. JSON, or multipart/form-data with the same fields and up to 10 files in `medias`. A refused request writes nothing.",
          errors: {
            400: "ERR_OUTSIDE_WINDOW",
            401: "ERR_UNAUTHORIZED",
            403: ["ERR_PLAN_FEATURE_DISABLED", "ERR_SUBSCRIPTION_EXPIRED"],
            413: "ERR_MEDIA_TOO_LARGE",
            415: "ERR_MEDIA_TYPE_NOT_ALLOWED",
          },
        }),
        security: [{ connectionToken: [] }],
      },
    },
  );
};
