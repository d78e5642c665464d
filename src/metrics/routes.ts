import { createHash, timingSafeEqual } from "node:crypto";
import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../context";
import { checkHealth } from "../health/check";
import { AppError } from "../http/errors";
import { answers, doc, errorAnswer } from "../http/schemas";
import { collectGauges } from "./collect";
import { render } from "./registry";

const healthAnswer = z.object({
  status: z.enum(["ok", "failing"]),
  checks: z.object({
    database: z.enum(["ok", "unreadable", "unwritable", "timeout"]),
    scheduler: z.enum(["ok", "not started", "stalled", "stopped"]),
  }),
  instance: z.object({
    id: z.string().describe("This instance's id (several may share a PostgreSQL database); the same as multi100_instance_info's"),
    sessions: z.number().int().describe("Channel sessions this instance runs"),
    jobs: z.number().int().describe("Durable jobs this instance is running now"),
  }),
});

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  if (a === "::1") return true;
  return /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Who may read /metrics. With METRICS_TOKEN set, only `Authorization: Bearer <token>` (401 otherwise, whoever asks);
 * without it, only a loopback peer (403 to anyone else). The peer is the TCP connection's own address: a proxy's
 * X-Forwarded-For is never read, so a header cannot make a remote scraper look local.
 */
export function metricsRefusal(token: string | undefined, peer: string | undefined, authorization: string | undefined): AppError | undefined {
  if (token) {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
    if (given && timingSafeEqual(digest(given), digest(token))) return undefined;
    return new AppError("ERR_UNAUTHORIZED", 401, "The metrics need the bearer token set in METRICS_TOKEN");
  }
  if (isLoopback(peer)) return undefined;
  return new AppError("ERR_NO_PERMISSION", 403, "The metrics answer loopback peers only unless METRICS_TOKEN is set");
}

/** The operator's routes: GET /api/health (no auth) and GET /metrics (Prometheus text, loopback or METRICS_TOKEN). */
export const operationsRoutes = (ctx: AppContext) =>
  new Elysia({ tags: ["Operations"] })
    .get(
      "/api/health",
      async ({ set }) => {
        const report = await checkHealth(ctx);
        if (report.status !== "ok") set.status = 503;
        return report;
      },
      {
        response: answers({ 200: healthAnswer, 503: healthAnswer }),
        detail: doc("Health: the store answers a read and a write, the job scheduler runs; 503 names the failing part", {
          description: "No authentication: container and load-balancer probes call it, and it names only each part's state.",
        }),
      },
    )
    .get(
      "/metrics",
      async ({ request, server, headers, set }) => {
        const refusal = metricsRefusal(ctx.config.METRICS_TOKEN, server?.requestIP(request)?.address, headers.authorization);
        if (refusal) throw refusal;
        set.headers["content-type"] = "text/plain; version=0.0.4; charset=utf-8";
        set.headers["cache-control"] = "no-store";
        return render(await collectGauges(ctx));
      },
      {
        response: answers({ 401: errorAnswer, 403: errorAnswer }),
        detail: {
          summary: "Metrics in the Prometheus text format",
          description:
            "Loopback peers only; with METRICS_TOKEN set, only `Authorization: Bearer <METRICS_TOKEN>`. HTTP requests by route template and status with latency histograms, WebSocket connections, inbound and outbound messages by channel and outcome, job queue and runs, channel sessions by status, store size, memory.",
          security: [{ metricsToken: [] }],
          responses: {
            200: { description: "The metrics", content: { "text/plain": { schema: { type: "string" } } } },
            401: { description: "ERR_UNAUTHORIZED: METRICS_TOKEN is set and the bearer is missing or wrong" },
            403: { description: "ERR_NO_PERMISSION: not a loopback peer and METRICS_TOKEN is not set" },
          },
        },
      },
    );
