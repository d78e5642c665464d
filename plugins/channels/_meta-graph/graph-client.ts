import { createHmac } from "node:crypto";
import type { FetchFn } from "./env";
import type { GraphError } from "./graph-error";
import { mapGraphError, networkError } from "./map-graph-error";

export interface GraphClientOptions {
  /** Graph base URL with its version, e.g. https://graph.facebook.com/v21.0 (META_GRAPH_URL). */
  baseUrl: string;
  fetch?: FetchFn;
  accessToken?: string;
  /**
   * How the token travels: `bearer` (Authorization header, WhatsApp Cloud API) or `query` (access_token parameter,
   * as the Messenger Platform documents it).
   */
  auth?: "bearer" | "query";
  /** When set, every call carries appsecret_proof = HMAC-SHA256(token, appSecret) ("Require App Secret"). */
  appSecret?: string;
  timeoutMs?: number;
  /** Called with every error the client raises (sessions use it to report AUTH_EXPIRED once through host.lost). */
  onError?: (err: GraphError) => void;
}

export type Query = Record<string, string | number | boolean | undefined>;

/**
 * A small Graph API client: JSON in, JSON out, every failure a GraphError (a ChannelError) mapped from Meta's error
 * body. Paths are relative to the versioned base URL ("/12345/messages"); absolute URLs are used as given (paging
 * links, media downloads). Tokens never appear in log lines: the client logs nothing.
 */
export class GraphClient {
  private readonly fetchImpl: FetchFn;
  readonly baseUrl: string;

  constructor(private readonly opts: GraphClientOptions) {
    this.fetchImpl = opts.fetch ?? ((i, init) => fetch(i, init));
    this.baseUrl = opts.baseUrl.replace(/\/+$/, "");
  }

  /** The same client with another token (a page token after the user token, for instance). */
  withToken(accessToken: string): GraphClient {
    return new GraphClient({ ...this.opts, accessToken });
  }

  get<T = any>(path: string, query?: Query): Promise<T> {
    return this.request<T>("GET", path, { query });
  }

  post<T = any>(path: string, body?: unknown, query?: Query): Promise<T> {
    return this.request<T>("POST", path, { query, json: body ?? {} });
  }

  postForm<T = any>(path: string, form: FormData, query?: Query): Promise<T> {
    return this.request<T>("POST", path, { query, form });
  }

  delete<T = any>(path: string, query?: Query): Promise<T> {
    return this.request<T>("DELETE", path, { query });
  }

  /** Downloads bytes (WhatsApp media URLs need the bearer token; CDN URLs do not). */
  async download(url: string, opts: { auth?: boolean } = {}): Promise<{ bytes: Uint8Array; mime?: string }> {
    const headers: Record<string, string> = {};
    if (opts.auth !== false && this.opts.accessToken) headers.authorization = `Bearer ${this.opts.accessToken}`;
    const res = await this.send(url, { method: "GET", headers });
    if (!res.ok) throw this.fail(mapGraphError({ status: res.status, body: await safeJson(res), headers: res.headers }));
    return { bytes: new Uint8Array(await res.arrayBuffer()), mime: res.headers.get("content-type")?.split(";")[0]?.trim() || undefined };
  }

  private async request<T>(method: string, path: string, input: { query?: Query; json?: unknown; form?: FormData }): Promise<T> {
    const url = new URL(/^https?:\/\//.test(path) ? path : this.baseUrl + (path.startsWith("/") ? path : `/${path}`));
    for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: "application/json" };
    const token = this.opts.accessToken;
    if (token) {
      if (this.opts.auth === "query") {
        if (!url.searchParams.has("access_token")) url.searchParams.set("access_token", token);
      } else headers.authorization = `Bearer ${token}`;
      if (this.opts.appSecret && !url.searchParams.has("appsecret_proof")) {
        url.searchParams.set("appsecret_proof", createHmac("sha256", this.opts.appSecret).update(token).digest("hex"));
      }
    }
    let body: BodyInit | undefined;
    if (input.form) body = input.form;
    else if (input.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(input.json);
    }
    const res = await this.send(url.toString(), { method, headers, body });
    const parsed = await safeJson(res, res.ok);
    if (!res.ok || (parsed && typeof parsed === "object" && "error" in (parsed as object))) {
      throw this.fail(mapGraphError({ status: res.status, body: parsed, headers: res.headers }));
    }
    return parsed as T;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000) });
    } catch (err) {
      throw this.fail(networkError(err));
    }
  }

  private fail(err: GraphError): GraphError {
    try {
      this.opts.onError?.(err);
    } catch {
      // a reporting hook never changes the outcome
    }
    return err;
  }
}

/** The JSON body; a non-JSON body is returned as text on success and as an error message otherwise. */
async function safeJson(res: Response, ok = false): Promise<unknown> {
  const text = await res.text().catch(() => "");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return ok ? text : { error: { message: text.slice(0, 300) } };
  }
}
