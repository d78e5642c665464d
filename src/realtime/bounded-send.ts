/**
 * Frames wait in the server's memory while a client does not read them (a laptop asleep on a slow network, a stuck
 * tab). Unbounded, that is up to 16 MB per socket (Bun's default), and a few hundred such sockets take the process
 * down. Every socket of the product (agents', the login page's, web-chat visitors') sends through `boundedSender`:
 * once more than the limit (WS_BUFFER_LIMIT_KB) waits for one client, the socket is closed with 4008
 * ERR_SOCKET_TOO_SLOW — the web app and the widget reconnect and fetch again what they show, so nothing is lost for
 * the person. A client that reads nothing never reads that close frame either, so the connection is cut a moment
 * later, which frees what was waiting for it.
 */
import { slowSocketCloses } from "../metrics/registry";

export const CLOSE_TOO_SLOW = { code: 4008, reason: "ERR_SOCKET_TOO_SLOW" } as const;

/** Time a client that resumed reading has to read the close frame before its connection is cut. */
const CUT_AFTER_MS = 1000;

/** The kinds of socket, as the metric names them. */
export type SocketKind = "session" | "public" | "visitor";

/** What the guard uses of Bun's ServerWebSocket. */
interface RawSocket {
  /** Bun's send status: bytes written, -1 queued behind earlier frames (backpressure), 0 dropped. */
  send(data: string): number;
  getBufferedAmount(): number;
  close(code?: number, reason?: string): void;
  terminate(): void;
  /** 1 while open; 2 closing, 3 closed. */
  readonly readyState: number;
}

/**
 * A send function for a socket (Elysia's `ws.raw`) that closes it, once, when its client falls more than `limitBytes`
 * behind. Elysia declares Bun's socket without getBufferedAmount, which Bun's socket has: hence `object`.
 */
export function boundedSender(socket: object, limitBytes: number, kind: SocketKind): (text: string) => void {
  const raw = socket as RawSocket;
  let closed = false;
  return (text) => {
    if (closed) return;
    const status = raw.send(text);
    if (status > 0 || (status === -1 && raw.getBufferedAmount() <= limitBytes)) return;
    closed = true;
    // A socket whose client has gone (its close not handled yet) also answers 0: nothing waits for it.
    if (raw.readyState !== 1) return;
    slowSocketCloses.inc({ kind });
    raw.close(CLOSE_TOO_SLOW.code, CLOSE_TOO_SLOW.reason);
    setTimeout(() => raw.terminate(), CUT_AFTER_MS);
  };
}
