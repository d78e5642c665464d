import { createServer } from "node:net";

/** A TCP port on 127.0.0.1 that was free a moment ago: the kernel picks it, the listener is closed at once. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}
