import { useMutation } from "@tanstack/react-query";
import { ApiError } from "../../api/client";

/** POST /api/messages/send's answer (src/modules/external-api). */
export interface SendResult {
  message: string;
  ticketId: number;
  contactId: number;
  messageId: number;
  messageIds: number[];
}

export const SEND_PATH = "/api/messages/send";

/**
 * The integrators' endpoint called as an integrator would: the bearer is the connection's token, not the user's session
 * (so not through api/client, which sends the session's token and refreshes it).
 */
async function send(token: string, body: Record<string, unknown> | FormData): Promise<SendResult> {
  const form = body instanceof FormData;
  const res = await fetch(SEND_PATH, {
    method: "POST",
    headers: { authorization: `Bearer ${token.trim()}`, accept: "application/json", ...(form ? {} : { "content-type": "application/json" }) },
    body: form ? body : JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) return data as unknown as SendResult;
  const code = typeof data.error === "string" && data.error.startsWith("ERR_") ? data.error : undefined;
  throw new ApiError(res.status, code, typeof data.message === "string" ? data.message : "", data);
}

/** Silent: the form says what went wrong (a refused token is the integrator's error, not the user's session ending). */
export const useSendTest = () =>
  useMutation({ mutationFn: ({ token, body }: { token: string; body: Record<string, unknown> | FormData }) => send(token, body), meta: { silent: true } });
