import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { bearer } from "../../http/auth";
import { validationError } from "../../http/errors";
import { parse } from "../../http/validate";
import { externalSendBody } from "./schema";
import { createExternalApiService, type ExternalSendInput } from "./service";

/**
 * POST /api/messages/send: the integrators' endpoint (spec 2 §7). Bearer = a connection's secret token.
 * JSON {number, body, userId?, queueId?, sendSignature?, closeTicket?} or multipart with `medias` (files) and the same
 * fields. The body is read only after the token is accepted: without one the answer is 401 whatever was posted.
 */
export const externalApiRoutes = (ctx: AppContext) => {
  const api = createExternalApiService(ctx);
  return new Elysia({ prefix: "/api" }).post(
    "/messages/send",
    async ({ headers, request }) => {
      const conn = await api.connectionOf(bearer(headers.authorization));
      return api.send(conn, await readInput(request));
    },
    { parse: "none" },
  );
};

const malformed = () => validationError({}, "Malformed request");

async function readInput(request: Request): Promise<ExternalSendInput> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    let raw: unknown;
    try {
      const text = await request.text();
      raw = text ? JSON.parse(text) : {};
    } catch {
      throw malformed();
    }
    return { ...parse(externalSendBody, raw), files: [] };
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw malformed();
  }
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const fields = parse(externalSendBody, {
    number: text("number"),
    body: text("body"),
    userId: text("userId"),
    queueId: text("queueId"),
    sendSignature: text("sendSignature"),
    closeTicket: text("closeTicket"),
  });
  const medias = [...form.getAll("medias"), ...form.getAll("medias[]")];
  const files = medias.filter((m): m is File => m instanceof File);
  if (files.length !== medias.length) throw validationError({ medias: "Expected files" });
  if (files.length > 10) throw validationError({ medias: "At most 10 files at once" });
  return { ...fields, files };
}
