/** The visitor API (plugins/channels/webchat/routes.ts) as the widget uses it. Same origin: the widget page is ours. */
import type { VisitorMessage } from "../../plugins/channels/webchat/visitor-message";

/** A message as the visitor API shows it (the server's own type; type-only, so nothing of the plugin is bundled). */
export type ChatMessage = VisitorMessage;

export interface WidgetConfig {
  title: string;
  greeting: string;
  color: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

async function call<T>(method: string, url: string, opts: { token?: string; json?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: "omit" });
  } catch {
    throw new ApiError(0, "NETWORK");
  }
  const data = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new ApiError(res.status, data.error ?? `HTTP_${res.status}`);
  return data as T;
}

export function createApi(widgetKey: string) {
  const base = `/api/webchat/${encodeURIComponent(widgetKey)}`;
  return {
    config: () => call<WidgetConfig>("GET", `${base}/config`),
    startSession: (input: { name: string; email?: string; phone?: string }) =>
      call<{ visitorToken: string; contact: { id: number; name: string } }>("POST", `${base}/sessions`, { json: input }),
    history: (token: string, before?: number) =>
      call<{ messages: ChatMessage[]; hasMore: boolean }>("GET", `${base}/messages${before ? `?before=${before}` : ""}`, { token }),
    post: (token: string, input: { body: string; clientId: string; file?: File }) => {
      if (!input.file) return call<{ message: ChatMessage }>("POST", `${base}/messages`, { token, json: { body: input.body, clientId: input.clientId } });
      const form = new FormData();
      form.set("file", input.file);
      form.set("body", input.body);
      form.set("clientId", input.clientId);
      return call<{ message: ChatMessage }>("POST", `${base}/messages`, { token, form });
    },
  };
}

export type Api = ReturnType<typeof createApi>;

export interface SocketHandlers {
  message(m: ChatMessage): void;
  ack(a: { id: number; ack: number }): void;
  /** An agent reacted to a message (an empty emoji: the reaction was taken off). */
  reaction(r: { id: number; emoji: string }): void;
  /** An agent edited their message. */
  edit(e: { id: number; body: string }): void;
  /** An agent deleted their message. */
  remove(d: { id: number }): void;
  online(up: boolean): void;
  /** The token was refused (4001): start over. */
  unauthorized(): void;
}

/**
 * The visitor socket, reconnecting 1 s after a drop (5 s while the chat is switched off, 4004); a refused token (4001)
 * ends it. Answers a sender for ack frames and a stop.
 */
export function openSocket(token: string, on: SocketHandlers): { ack(id: number, ack: 2 | 3): void; stop(): void } {
  let ws: WebSocket | undefined;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pending: string[] = [];
  const connect = () => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${proto}//${location.host}/api/webchat/socket?visitorToken=${encodeURIComponent(token)}`);
    ws.onopen = () => {
      on.online(true);
      for (const f of pending.splice(0)) ws?.send(f);
    };
    ws.onmessage = (e) => {
      let frame: { event?: string; data?: any };
      try {
        frame = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (frame.event === "message" && frame.data) on.message(frame.data as ChatMessage);
      else if (frame.event === "ack" && frame.data) on.ack(frame.data);
      else if (frame.event === "reaction" && frame.data) on.reaction(frame.data);
      else if (frame.event === "edit" && frame.data) on.edit(frame.data);
      else if (frame.event === "delete" && frame.data) on.remove(frame.data);
    };
    ws.onclose = (e) => {
      ws = undefined;
      if (stopped) return;
      if (e.code === 4001) {
        stopped = true;
        on.unauthorized();
        return;
      }
      on.online(false);
      // 4004: the chat is switched off for now; try again less often.
      timer = setTimeout(connect, e.code === 4004 ? 5000 : 1000);
    };
  };
  connect();
  return {
    ack(id, ack) {
      const f = JSON.stringify({ event: "ack", data: { id, ack } });
      if (ws?.readyState === WebSocket.OPEN) ws.send(f);
      else if (pending.length < 200) pending.push(f);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      ws?.close();
    },
  };
}
