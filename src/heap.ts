/**
 * Keeps the JavaScript heap near what is live. JavaScriptCore sizes its heap by the machine's memory: on a server with
 * gigabytes free it keeps the blocks its garbage took, and under the agents' load the heap held 80-95 MB where a full
 * collection leaves about 15. Its own collections free objects but not those blocks, and neither does an asynchronous
 * `Bun.gc(false)` (measured: no change in the process's anonymous memory); a synchronous full collection gives them
 * back. So once a second the keeper compares the heap's capacity with what it was after the last collection, and when
 * it has grown by GROWTH it collects, synchronously: a pause of ~20-30 ms, at most once a second, and none on an idle
 * server, whose heap does not grow.
 */
import { heapCollectSeconds, heapCollections } from "./metrics/registry";

/** How much the heap's capacity may grow past its size after the last collection before the keeper collects. */
const GROWTH_BYTES = 16 * 2 ** 20;
const EVERY_MS = 1000;

/** What the keeper reads and does; the runtime's by default. */
export interface HeapControl {
  /** The heap's capacity in bytes (the blocks it holds, live or not). */
  capacity(): number;
  /** A full, synchronous collection. */
  collect(): void;
}

const runtime: HeapControl = { capacity: () => process.memoryUsage().heapTotal, collect: () => Bun.gc(true) };

/** One reading at a time: collects when the capacity has grown by `growth` since the last collection; true if it did. */
export function heapKeeper(control: HeapControl = runtime, growth = GROWTH_BYTES): () => boolean {
  let base = control.capacity();
  return () => {
    if (control.capacity() - base < growth) return false;
    const started = performance.now();
    control.collect();
    heapCollectSeconds.inc({}, (performance.now() - started) / 1000);
    heapCollections.inc();
    base = control.capacity();
    return true;
  };
}

/** Starts the keeper; the answer stops it. The timer never keeps the process alive. */
export function keepHeapNearLive(): () => void {
  const tick = heapKeeper();
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
