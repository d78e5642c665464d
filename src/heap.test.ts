import { describe, expect, test } from "bun:test";
import { startServed } from "../tests/helpers/served";
import { heapKeeper, runtimeHeap } from "./heap";
import { render } from "./metrics/registry";

const MB = 2 ** 20;

describe("the heap keeper", () => {
  test("collects once the capacity has grown by the threshold since the last collection, and not before", () => {
    let capacity = 40 * MB;
    const collections: number[] = [];
    const tick = heapKeeper(
      {
        capacity: () => capacity,
        collect: () => {
          collections.push(capacity);
          capacity = 42 * MB; // what a full collection leaves
        },
      },
      16 * MB,
    );
    capacity = 55 * MB;
    expect(tick()).toBe(false);
    capacity = 56 * MB;
    expect(tick()).toBe(true);
    expect(collections).toEqual([56 * MB]);
    // The base is now the capacity after the collection (42), so 57 is not yet enough and 58 is.
    capacity = 57 * MB;
    expect(tick()).toBe(false);
    capacity = 58 * MB;
    expect(tick()).toBe(true);
    expect(collections).toEqual([56 * MB, 58 * MB]);
  });

  test("an idle heap is never collected", () => {
    let collected = 0;
    const tick = heapKeeper({ capacity: () => 30 * MB, collect: () => collected++ }, 16 * MB);
    for (let i = 0; i < 100; i++) tick();
    expect(collected).toBe(0);
  });

  test("on the real runtime, a collection gives the garbage's blocks back and is counted in the metrics", () => {
    const count = () => Number(/^multi100_heap_collections_total (\d+)$/m.exec(render([]))?.[1] ?? 0);
    const before = count();
    const tick = heapKeeper(runtimeHeap, 8 * MB);
    let garbage: { i: number; s: string }[] | undefined = [];
    for (let i = 0; i < 400_000; i++) garbage.push({ i, s: `garbage ${i}` });
    garbage = undefined;
    const grown = process.memoryUsage().heapTotal;
    expect(tick()).toBe(true);
    expect(process.memoryUsage().heapTotal).toBeLessThan(grown - 8 * MB);
    expect(count()).toBe(before + 1);
  });
});

describe("HEAP_KEEPER_MB in the served process", () => {
  /** Starts `bun src/main.ts serve` with the keeper's threshold, sends it some requests, answers its collections count. */
  /** Starts the served process with the keeper's threshold, sends it some requests, answers its collections count. */
  async function collectionsUnderLoad(keeperMb: string): Promise<number> {
    const { url, stop } = await startServed({ HEAP_KEEPER_MB: keeperMb });
    // A counter never incremented has no sample line yet: that is zero collections.
    const collections = async () => Number(/^multi100_heap_collections_total (\d+)$/m.exec(await (await fetch(`${url}/metrics`)).text())?.[1] ?? 0);
    try {
      // The API document is built anew for each request: a few megabytes of garbage a second for the heap to grow by.
      const until = Date.now() + 4_000;
      while (Date.now() < until && (await collections()) === 0)
        await Promise.all(Array.from({ length: 8 }, () => fetch(`${url}/api/openapi.json`).then((r) => r.arrayBuffer())));
      return await collections();
    } finally {
      await stop();
    }
  }

  test("the server collects with the keeper on and never with HEAP_KEEPER_MB=0, and /metrics says so", async () => {
    expect(await collectionsUnderLoad("1")).toBeGreaterThan(0);
    expect(await collectionsUnderLoad("0")).toBe(0);
  }, 60_000);
});
