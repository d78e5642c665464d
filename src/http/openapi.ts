import type { DocumentDecoration } from "elysia";
import { z } from "zod";
import { answerSchema, errorAnswer } from "./schemas";

/** What the document reads of a registered route (Elysia's app.routes). */
export interface DocumentedRoute {
  method: string;
  path: string;
  hooks: { params?: unknown; query?: unknown; body?: unknown; response?: unknown; detail?: DocumentDecoration };
}

type JsonSchema = Record<string, unknown>;

/** Routes the document leaves out: the socket, the SPA's history fallback and the /api 404 catch-all. */
export const UNDOCUMENTED = new Set(["GET /*", "ALL /api/*"]);
export const documented = (r: { method: string; path: string }) => r.method !== "WS" && !UNDOCUMENTED.has(`${r.method} ${r.path}`);

/** zod to JSON Schema; files are binary strings; named schemas (meta id) become components. */
function toJson(schema: unknown, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (ctx) => {
      if ((ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def.type === "custom")
        Object.assign(ctx.jsonSchema, { type: "string", format: "binary" });
    },
  }) as JsonSchema;
  const {
    $schema: _,
    $defs,
    ...rest
  } = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  Object.assign(components, $defs);
  return rest;
}

/** A schema's first example, from its metadata (the JSON Schema of an input with a preprocess step drops it). */
function exampleOf(schema: unknown): unknown {
  if (!(schema instanceof z.ZodType)) return undefined;
  const meta = z.globalRegistry.get(schema) as { example?: unknown; examples?: unknown[] } | undefined;
  return meta?.example ?? meta?.examples?.[0];
}

const hasBinary = (schema: unknown): boolean => JSON.stringify(schema ?? {}).includes('"format":"binary"');
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/**
 * The OpenAPI 3.1 document of the registered routes, built from the schemas each route declares (params, query, body,
 * answers) and its detail (summary, permission, the catalogue's error codes). A route with the auth macro carries the
 * bearer requirement; every route that takes input may answer ERR_VALIDATION.
 */
export function openApiDocument(routes: readonly DocumentedRoute[], version: string) {
  const components: Record<string, JsonSchema> = {};
  const errorRef = { $ref: "#/components/schemas/Error" };
  toJson(errorAnswer, "output", components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes.filter(documented)) {
    const { params, query, body, response, detail = {} } = r.hooks;
    const { responses: errorNotes = {}, security, ...rest } = detail;
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ["path", params],
      ["query", query],
    ] as const) {
      const json = toJson(schema, "input", components) as { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
      for (const [name, s] of Object.entries(json?.properties ?? {})) {
        const { description, ...schemaOnly } = s as JsonSchema & { description?: string };
        parameters.push({
          name,
          in: where,
          required: where === "path" || (json?.required ?? []).includes(name),
          schema: schemaOnly,
          ...(description ? { description } : {}),
        });
      }
    }
    for (const name of r.path.match(/:([A-Za-z0-9_]+)/g) ?? []) {
      if (!parameters.some((p) => (p as { name: string }).name === name.slice(1)))
        parameters.push({ name: name.slice(1), in: "path", required: true, schema: { type: "string" } });
    }
    const bodyJson = toJson(body, "input", components);
    const example = exampleOf(body);
    const requestBody = bodyJson && {
      required: true,
      content: {
        "application/json": { schema: bodyJson, ...(example !== undefined ? { example } : {}) },
        ...(hasBinary(bodyJson) ? { "multipart/form-data": { schema: bodyJson } } : {}),
      },
    };
    const responses: Record<string, unknown> = {};
    const answers = response instanceof z.ZodType ? { 200: response } : ((response ?? {}) as Record<string, unknown>);
    for (const [status, declared] of Object.entries(answers)) {
      const schema = answerSchema(declared);
      const json = toJson(schema, "output", components);
      const ex = exampleOf(schema);
      responses[status] = {
        description: Number(status) < 400 ? "OK" : "Error",
        content: { "application/json": { schema: json, ...(ex !== undefined ? { example: ex } : {}) } },
      };
    }
    const needsAuth = Array.isArray(security) && security.length > 0;
    const errors: Record<string, string[]> = {};
    const note = (status: string, text: string) => {
      errors[status] ??= [];
      errors[status].push(text);
    };
    if (params || query || body) note("400", "ERR_VALIDATION (fields: one message per refused field)");
    if (needsAuth && security.some((s) => "bearer" in s)) {
      note("401", "ERR_UNAUTHORIZED: no token, or a malformed or forged one");
      note("403", "ERR_SESSION_EXPIRED: renew with POST /api/auth/refresh_token");
    }
    for (const [status, n] of Object.entries(errorNotes as Record<string, { description?: string }>)) {
      if (responses[status]) (responses[status] as { description: string }).description = n.description ?? "";
      else if (Number(status) >= 400) note(status, n.description ?? "");
      else responses[status] = n;
    }
    for (const [status, texts] of Object.entries(errors)) {
      if (!responses[status]) responses[status] = { description: texts.join("; "), content: { "application/json": { schema: errorRef } } };
    }
    paths[openApiPath(r.path)] ??= {};
    paths[openApiPath(r.path)]![r.method.toLowerCase()] = {
      ...rest,
      operationId: `${r.method.toLowerCase()}${r.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      ...(needsAuth ? { security } : { security: [] }),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Multi100 API",
      version,
      description:
        'Every route under /api. Errors answer `{ error: "ERR_…", message }` (ERR_VALIDATION adds `fields`, one message per field). Users authenticate with the access token of POST /api/auth/login as `Authorization: Bearer`; integrators call POST /api/messages/send with a connection\'s API token instead.',
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A user's access token (POST /api/auth/login), 15 minutes" },
        connectionToken: { type: "http", scheme: "bearer", description: "A connection's API token (connection form, managers only)" },
        visitorToken: { type: "http", scheme: "bearer", description: "A web-chat visitor's token (POST /api/webchat/{widgetKey}/sessions)" },
        metricsToken: {
          type: "http",
          scheme: "bearer",
          description: "METRICS_TOKEN from the server's environment (GET /metrics; without it, loopback peers only)",
        },
      },
      schemas: components,
    },
    paths,
  };
}
