import { type AnyElysia, Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { type DocumentedRoute, openApiDocument } from "../openapi";
import { answers, doc, row } from "../schemas";
import { REFERENCE_HTML, renderReference } from "./page";

const PAGE_CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; object-src 'none'";
const SCRIPT = `(${renderReference.toString()})();\n`;

/**
 * The API document (/api/openapi.json, built once from the routes the app registered) and its reference page
 * (/api/reference), both public: they describe the API, they give access to nothing. The page and its script are
 * served from the binary, so it works offline.
 */
export const referenceRoutes = (ctx: AppContext, app: () => AnyElysia) => {
  let document: ReturnType<typeof openApiDocument> | undefined;
  return new Elysia({ prefix: "/api", tags: ["Reference"] })
    .get(
      "/openapi.json",
      () => {
        document ??= openApiDocument(app().routes as unknown as DocumentedRoute[], ctx.version);
        return document;
      },
      { response: answers({ 200: row({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) }), detail: doc("This document (OpenAPI 3.1)") },
    )
    .get(
      "/reference",
      ({ set }) => {
        set.headers["content-type"] = "text/html; charset=utf-8";
        set.headers["content-security-policy"] = PAGE_CSP;
        return REFERENCE_HTML;
      },
      { response: answers({ 200: z.string() }), detail: doc("The API reference page (HTML)") },
    )
    .get(
      "/reference/reference.js",
      ({ set }) => {
        set.headers["content-type"] = "text/javascript; charset=utf-8";
        return SCRIPT;
      },
      { response: answers({ 200: z.string() }), detail: doc("The reference page's script") },
    );
};
