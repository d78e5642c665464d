import { readFileSync } from "node:fs";

/** One reading of a process's /proc/<pid>/status, in MB. */
function readStatus(pid: number): { rss: number; anon: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => {
    const m = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(text);
    if (!m) throw new Error(`no ${field} for pid ${pid}`);
    return Number(m[1]) / 1024;
  };
  return { rss: kb("VmRSS"), anon: kb("RssAnon"), hwm: kb("VmHWM") };
}

/**
 * Peaks of a process's memory while a bench runs, sampled every `everyMs` from the process's own accounting
 * (/proc/<pid>/status): the resident set (the kernel's own high-water mark VmHWM included, which catches a peak
 * between samples) and its anonymous part, RssAnon — memory that is no file's mapping (heaps, buffers). A memory-mapped
 * database file counts in the first and not the second.
 */
export class MemoryWatch {
  private rssPeak = 0;
  private anonPeak = 0;
  private heap = { total: 0, external: 0 };
  private heapPeak = 0;
  /** The server's heap keeper (src/heap.ts) so far: collections run and seconds spent in them. */
  private keeper = { collections: 0, seconds: 0 };
  /** The JavaScript heap reserved (and buffers outside it) at the anonymous peak: what of the peak is the heap's. */
  private heapAtAnonPeak = { total: 0, external: 0 };
  private readonly timers: ReturnType<typeof setInterval>[];

  /** With the server's `url`, its JavaScript heap is read from /metrics (loopback needs no token) every second too. */
  constructor(
    private readonly pid: number,
    everyMs = 100,
    url?: string,
  ) {
    this.sample();
    this.timers = [setInterval(() => this.sample(), everyMs)];
    if (url) this.timers.push(setInterval(() => void this.readHeap(url), 1000));
  }

  private async readHeap(url: string): Promise<void> {
    try {
      const text = await (await fetch(`${url}/metrics`)).text();
      const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
      const mb = (name: string) => value(name) / 2 ** 20;
      this.heap = { total: mb("process_heap_total_bytes"), external: mb("process_external_memory_bytes") };
      this.keeper = { collections: value("multi100_heap_collections_total"), seconds: value("multi100_heap_collect_seconds_total") };
      this.heapPeak = Math.max(this.heapPeak, this.heap.total);
    } catch {
      // the server has stopped
    }
  }

  private sample(): { rss: number; anon: number; hwm: number } | undefined {
    try {
      const s = readStatus(this.pid);
      this.rssPeak = Math.max(this.rssPeak, s.rss, s.hwm);
      if (s.anon > this.anonPeak) this.heapAtAnonPeak = this.heap;
      this.anonPeak = Math.max(this.anonPeak, s.anon);
      return s;
    } catch {
      return undefined; // the process has ended
    }
  }

  /** The peaks so far (call before stopping the server: the last sample is taken now). */
  peaks(): {
    rssPeakMb: number;
    anonPeakMb: number;
    heapPeakMb: number;
    heapAtAnonPeakMb: number;
    externalAtAnonPeakMb: number;
    heapCollections: number;
    heapCollectS: number;
  } {
    this.sample();
    const round = (mb: number) => Math.round(mb * 10) / 10;
    return {
      rssPeakMb: this.rssPeak,
      anonPeakMb: this.anonPeak,
      heapPeakMb: round(this.heapPeak),
      heapAtAnonPeakMb: round(this.heapAtAnonPeak.total),
      externalAtAnonPeakMb: round(this.heapAtAnonPeak.external),
      heapCollections: this.keeper.collections,
      heapCollectS: round(this.keeper.seconds),
    };
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
