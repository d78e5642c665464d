/** The WhatsApp session's deferred promises and its cache of recent messages. */

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(v: T): void;
  reject(e: unknown): void;
  readonly settled: boolean;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  let settled = false;
  const promise = new Promise<T>((res, rej) => {
    resolve = (v) => {
      settled = true;
      res(v);
    };
    reject = (e) => {
      settled = true;
      rej(e);
    };
  });
  promise.catch(() => undefined);
  return {
    promise,
    resolve: (v) => !settled && resolve(v),
    reject: (e) => !settled && reject(e),
    get settled() {
      return settled;
    },
  };
}

/** A small insertion-ordered cache (recent messages for quotes and Baileys' retry requests). */
export class Recent<V> {
  private map = new Map<string, V>();
  constructor(private max: number) {}
  get(k: string): V | undefined {
    return this.map.get(k);
  }
  set(k: string, v: V): void {
    this.map.delete(k);
    this.map.set(k, v);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
}
