/**
 * A small Prometheus registry: counters and histograms with labels, written in the text exposition format (0.0.4).
 * One per process, like the usual client libraries' default registry, so the core counts with a single call
 * (`inboundMessages.inc({ channel, outcome })`) and GET /metrics writes everything at once. Values measured at scrape
 * time (sockets, sessions, job queue, files, memory) are passed to `render` as gauges by src/metrics/collect.ts.
 */

type Labels<K extends string> = Record<K, string | number>;

interface Series {
  labels: string[];
  value: number;
}

const escapeLabel = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
const escapeHelp = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
const formatValue = (v: number) => (Number.isFinite(v) ? String(v) : v > 0 ? "+Inf" : v < 0 ? "-Inf" : "NaN");

function labelText(names: readonly string[], values: readonly string[], extra?: [string, string]): string {
  const pairs = names.map((n, i) => `${n}="${escapeLabel(values[i]!)}"`);
  if (extra) pairs.push(`${extra[0]}="${escapeLabel(extra[1])}"`);
  return pairs.length ? `{${pairs.join(",")}}` : "";
}

function header(name: string, help: string, type: string): string[] {
  return [`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`];
}

export class Counter<K extends string = never> {
  private series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly K[] = [],
  ) {}

  inc(labels: Labels<K> = {} as Labels<K>, by = 1): void {
    const values = this.labelNames.map((n) => String(labels[n]));
    const key = values.join("\u0000");
    const s = this.series.get(key);
    if (s) s.value += by;
    else this.series.set(key, { labels: values, value: by });
  }

  render(): string[] {
    const lines = header(this.name, this.help, "counter");
    for (const s of this.series.values()) lines.push(`${this.name}${labelText(this.labelNames, s.labels)} ${formatValue(s.value)}`);
    return lines;
  }
}

interface HistogramSeries {
  labels: string[];
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram<K extends string = never> {
  private series = new Map<string, HistogramSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly K[],
    /** Upper bounds, ascending; +Inf is implied. */
    readonly buckets: readonly number[],
  ) {}

  observe(labels: Labels<K>, value: number): void {
    const values = this.labelNames.map((n) => String(labels[n]));
    const key = values.join("\u0000");
    let s = this.series.get(key);
    if (!s) {
      s = { labels: values, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    const i = this.buckets.findIndex((b) => value <= b);
    if (i >= 0) s.counts[i]!++;
    s.sum += value;
    s.count++;
  }

  render(): string[] {
    const lines = header(this.name, this.help, "histogram");
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((b, i) => {
        cumulative += s.counts[i]!;
        lines.push(`${this.name}_bucket${labelText(this.labelNames, s.labels, ["le", String(b)])} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket${labelText(this.labelNames, s.labels, ["le", "+Inf"])} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(this.labelNames, s.labels)} ${formatValue(s.sum)}`);
      lines.push(`${this.name}_count${labelText(this.labelNames, s.labels)} ${s.count}`);
    }
    return lines;
  }
}

/** A value read at scrape time: one line per label set. */
export interface Gauge {
  name: string;
  help: string;
  samples: { labels?: Record<string, string | number>; value: number }[];
}

export function renderGauge(g: Gauge): string[] {
  const lines = header(g.name, g.help, "gauge");
  for (const s of g.samples) {
    const names = Object.keys(s.labels ?? {});
    lines.push(
      `${g.name}${labelText(
        names,
        names.map((n) => String(s.labels![n])),
      )} ${formatValue(s.value)}`,
    );
  }
  return lines;
}

export const httpRequests = new Counter("http_requests_total", "HTTP requests answered, by method, route template and status", ["method", "route", "status"]);
export const httpDuration = new Histogram(
  "http_request_duration_seconds",
  "Time from a request's arrival to its answer, by method, route template and status",
  ["method", "route", "status"],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);
export const inboundMessages = new Counter(
  "multi100_inbound_messages_total",
  "Channel events handed to the inbound pipeline (messages, reactions, edits, revokes), by channel and outcome (stored, duplicate, updated, dropped, error)",
  ["channel", "outcome"],
);
export const outboundMessages = new Counter(
  "multi100_outbound_messages_total",
  "Send attempts of the outbound pipeline, by channel and outcome (sent, retried, failed)",
  ["channel", "outcome"],
);
export const jobRuns = new Counter("multi100_job_runs_total", "Durable job runs, by outcome (done, retry, failed for good)", ["outcome"]);

export const slowSocketCloses = new Counter(
  "multi100_websocket_slow_closes_total",
  "Sockets closed because more than WS_BUFFER_LIMIT_KB waited for a client that did not read, by kind (session, public, visitor)",
  ["kind"],
);

export const heapCollections = new Counter(
  "multi100_heap_collections_total",
  "Full garbage collections the server ran to give the JavaScript heap's free blocks back (src/heap.ts)",
);
export const heapCollectSeconds = new Counter("multi100_heap_collect_seconds_total", "Time the server spent in those collections, in seconds");

const REGISTERED = [httpRequests, httpDuration, inboundMessages, outboundMessages, jobRuns, slowSocketCloses, heapCollections, heapCollectSeconds];

/** The whole exposition: the process's counters and histograms, then the gauges measured now. */
export function render(gauges: readonly Gauge[]): string {
  return `${[...REGISTERED.flatMap((m) => m.render()), ...gauges.flatMap(renderGauge)].join("\n")}\n`;
}

/** Counts the outcome of an inbound submission once it settles, and hands the same promise back. */
export function countInbound<T extends { status: string }>(channel: string, outcome: Promise<T>): Promise<T> {
  outcome.then(
    (r) => inboundMessages.inc({ channel, outcome: r.status }),
    () => inboundMessages.inc({ channel, outcome: "error" }),
  );
  return outcome;
}
