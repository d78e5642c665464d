import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { AppError } from "../../http/errors";
import { answers, doc } from "../../http/schemas";
import { settingAnswer } from "../settings/schema";
import { LOGO_MODES, createWhitelabelService } from "./service";

const logoBody = z.object({
  mode: z.enum(LOGO_MODES, { error: "Invalid value" }).meta({ description: "light, dark or favicon: the setting the file fills" }),
  file: z.instanceof(File, { error: "Required" }).meta({ description: "PNG, WebP or ICO, at most 1 MB" }),
});

/** Immutable: a stored logo is never overwritten, a new upload gets a new address. */
const LOGO_HEADERS = {
  "cache-control": "public, max-age=31536000, immutable",
  "content-disposition": "inline",
  "x-content-type-options": "nosniff",
  "content-security-policy": "sandbox; default-src 'none'",
};

/** The platform's logos: the super user uploads them; anyone (the login page) fetches them. */
export const whitelabelRoutes = (ctx: AppContext) => {
  const whitelabel = createWhitelabelService(ctx);
  return new Elysia({ prefix: "/api", tags: ["Settings"] })
    .use(authPlugin(ctx))
    .post("/settings-whitelabel/logo", ({ actor, body }) => whitelabel.upload(actor, body.mode, body.file), {
      auth: true,
      body: logoBody,
      response: answers({ 200: settingAnswer }),
      detail: doc("Upload the light logo, the dark logo or the favicon (multipart fields mode and file); answers the setting with the file's address", {
        permission: "platform:manage (the super user)",
        errors: { 413: "ERR_LOGO_TOO_LARGE", 415: ["ERR_LOGO_SVG_NOT_ALLOWED", "ERR_LOGO_TYPE_NOT_ALLOWED"] },
      }),
    })
    .get(
      "/whitelabel/:file",
      async ({ params }) => {
        const logo = await whitelabel.open(params.file);
        if (!logo) throw new AppError("ERR_NOT_FOUND", 404, "Not found");
        return new Response(logo.file, { headers: { ...LOGO_HEADERS, "content-type": logo.mime } });
      },
      {
        params: z.object({ file: z.string() }),
        detail: {
          ...doc("A stored logo or favicon (public: the login page shows them)", { errors: { 404: "ERR_NOT_FOUND" } }),
          responses: {
            200: { description: "The image", content: { "image/*": { schema: { type: "string" as const, format: "binary" } } } },
            404: { description: "ERR_NOT_FOUND" },
          },
        },
      },
    );
};
