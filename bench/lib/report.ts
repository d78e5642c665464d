/** One JSON line per figure (ARCHITECTURE.md, Benchmarks): {"metric":"tickets_list_p99_ms","value":12.3,"unit":"ms","n":20000}. */
export interface Figure {
  metric: string;
  value: number;
  unit: string;
  n?: number;
  [extra: string]: unknown;
}

export function round(v: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

export function emit(metric: string, value: number, unit: string, n?: number, extra: Record<string, unknown> = {}): Figure {
  const fig: Figure = { metric, value: round(value, unit === "ms" && value < 10 ? 2 : 1), unit, ...(n !== undefined ? { n } : {}), ...extra };
  console.log(JSON.stringify(fig));
  return fig;
}

/** Progress and notes go to stderr so stdout stays pure JSON lines. */
export function note(msg: string) {
  console.error(`[bench] ${msg}`);
}

export function median(xs: number[]): number {
  return percentile(xs, 50);
}

/** Nearest-rank percentile (p in 0..100) of an unsorted sample. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * s.length);
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))]!;
}
