import { session } from "../features/auth/store";
import { ApiError, refreshToken } from "./client";

export interface DownloadOptions {
  /** Called as the bytes arrive: how many so far. */
  onProgress?: (received: number) => void;
  /** Aborting stops the transfer (and the server's reads with it); the call then rejects with an AbortError. */
  signal?: AbortSignal;
}

/**
 * Fetches a file the API streams (it needs the bearer token, so a plain link cannot) and hands it to the browser as a
 * download. Refreshes the session once on ERR_SESSION_EXPIRED, as every call does.
 */
export async function downloadFile(path: string, fallbackName: string, o: DownloadOptions = {}): Promise<void> {
  const get = (token: string | null) =>
    fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: "same-origin", signal: o.signal });
  let res = await get(session.token);
  if (res.status === 403) {
    const body = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { error?: string };
    if (body.error === "ERR_SESSION_EXPIRED") res = await get(await refreshToken(session.token));
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new ApiError(res.status, body.error, body.message ?? "", body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const blob = o.onProgress ? await readCounting(res, o.onProgress) : await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The body as a Blob, reporting the bytes received as each chunk lands (a streamed file has no length up front). */
async function readCounting(res: Response, onProgress: (received: number) => void): Promise<Blob> {
  if (!res.body) return res.blob();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(parts, { type: res.headers.get("content-type") ?? "application/octet-stream" });
}
