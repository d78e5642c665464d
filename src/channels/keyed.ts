/**
 * Promise chains by key: work submitted under one key runs one after another, in submission order;
 * different keys run independently. A failed step does not stop the ones after it.
 */
export class KeyedChain {
  private tails = new Map<string, Promise<void>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(fn);
    const tail = next.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** Resolves once the key's current work is done (immediately when there is none). */
  settled(key: string): Promise<void> {
    return this.tails.get(key) ?? Promise.resolve();
  }

  get size(): number {
    return this.tails.size;
  }

  /** Resolves when every chain, including work added meanwhile, has finished. */
  async idle(): Promise<void> {
    while (this.tails.size) await Promise.all(this.tails.values());
  }
}
