import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../context";
import { doc } from "../http/schemas";
import { mediaResponse } from "./serve";

const binary = { content: { "application/octet-stream": { schema: { type: "string" as const, format: "binary" } } } };

/** Public on purpose: the signature in the link is the credential, so `<img src>` and `<audio src>` work without a bearer. */
export const mediaRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/api", tags: ["Media"] }).get(
    "/media/:key",
    async ({ params, query, request }) => {
      const opened = await ctx.media.open(params.key, query.exp, query.sig);
      return mediaResponse(opened, request.headers.get("range"), ctx.clock.now());
    },
    {
      // Any text is taken here: a link that is not one of ours answers ERR_MEDIA_LINK_INVALID, as a forged one does.
      params: z.object({ key: z.string() }),
      query: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
      detail: {
        ...doc("A stored file through its signed link (links in answers and socket frames last one hour); byte ranges supported", {
          errors: { 403: "ERR_MEDIA_LINK_INVALID", 404: "ERR_NOT_FOUND" },
        }),
        responses: {
          200: { description: "The file (images, audio and video inline, anything else as an attachment)", ...binary },
          206: { description: "One byte range of the file", ...binary },
          403: { description: "ERR_MEDIA_LINK_INVALID" },
          404: { description: "ERR_NOT_FOUND" },
          416: { description: "The range lies outside the file" },
        },
      },
    },
  );
