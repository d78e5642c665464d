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
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly pid: number,
    everyMs = 100,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  private sample(): { rss: number; anon: number; hwm: number } | undefined {
    try {
      const s = readStatus(this.pid);
      this.rssPeak = Math.max(this.rssPeak, s.rss, s.hwm);
      this.anonPeak = Math.max(this.anonPeak, s.anon);
      return s;
    } catch {
      return undefined; // the process has ended
    }
  }

  /** The peaks so far (call before stopping the server: the last sample is taken now). */
  peaks(): { rssPeakMb: number; anonPeakMb: number } {
    this.sample();
    return { rssPeakMb: this.rssPeak, anonPeakMb: this.anonPeak };
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
