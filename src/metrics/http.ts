import { Elysia, ElysiaCustomStatusResponse } from "elysia";
import { httpDuration, httpRequests } from "./registry";

const started = new WeakMap<Request, number>();

/** The status the client received: a Response's own, a status() wrapper's, or the one set on the context. */
function statusOf(responseValue: unknown, setStatus: unknown): number {
  if (responseValue instanceof Response) return responseValue.status;
  if (responseValue instanceof ElysiaCustomStatusResponse) return responseValue.code;
  return typeof setStatus === "number" ? setStatus : 200;
}

/**
 * Counts every answer and times it, labelled by Elysia's matched route template (`/api/tickets/:id`, the catch-alls
 * `/*` and `/api/*`), never the raw path: ids in paths would make a series per row.
 */
export const httpMetrics = () =>
  new Elysia()
    .onRequest(({ request }) => {
      started.set(request, performance.now());
    })
    .onAfterResponse({ as: "global" }, ({ request, route, set, responseValue }) => {
      const labels = { method: request.method, route: route || "unmatched", status: statusOf(responseValue, set.status) };
      httpRequests.inc(labels);
      const t0 = started.get(request);
      if (t0 !== undefined) httpDuration.observe(labels, (performance.now() - t0) / 1000);
    });
