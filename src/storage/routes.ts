import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { mediaResponse } from "./serve";

/** Public on purpose: the signature in the link is the credential, so `<img src>` and `<audio src>` work without a bearer. */
export const mediaRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/api" }).get("/media/:key", async ({ params, query, request }) => {
    const opened = await ctx.media.open(params.key, query.exp, query.sig);
    return mediaResponse(opened, request.headers.get("range"), ctx.clock.now());
  });
