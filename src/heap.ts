/**
 * Keeps the JavaScript heap near what is live. JavaScriptCore sizes its heap by the machine's memory: on a server with
 * gigabytes free it keeps the blocks its garbage took, and under the agents' load (bench/tickets.ts) the heap held
 * 80-95 MB where about 23 MB were live (the program's own code and modules, mostly). Its own collections free objects
 * but not those blocks, and neither does an asynchronous `Bun.gc(false)` (measured: no change in the process's
 * anonymous memory); a synchronous full collection gives them back to the system. So once a second the keeper
 * compares the heap's capacity with what it was after its last collection, and once it has grown by HEAP_KEEPER_MB it
 * collects, synchronously: a pause of ~40 ms on that heap, at most once a second, and none while the heap does not grow
 * (an idle server).
 */
import { heapCollectSeconds, heapCollections } from "./metrics/registry";

const EVERY_MS = 1000;

/** What the keeper reads and does (runtimeHeap: the running JavaScriptCore heap). */
export interface HeapControl {
  /** The heap's capacity in bytes (the blocks it holds, live or not). */
  capacity(): number;
  /** A full, synchronous collection. */
  collect(): void;
}

export const runtimeHeap: HeapControl = { capacity: () => process.memoryUsage().heapTotal, collect: () => Bun.gc(true) };

/** One reading at a time: collects when the capacity has grown by `growth` since the last collection; true if it did. */
export function heapKeeper(control: HeapControl, growth: number): () => boolean {
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

/**
 * Starts the keeper for a growth of `growthMb` (HEAP_KEEPER_MB; 0 starts nothing); the answer stops it. The timer never
 * keeps the process alive.
 */
export function keepHeapNearLive(growthMb: number): () => void {
  if (growthMb <= 0) return () => {};
  const tick = heapKeeper(runtimeHeap, growthMb * 2 ** 20);
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
