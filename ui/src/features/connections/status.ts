import type { ConnectionStatus } from "./types";

/** The drawer's connections item shows a badge while any connection is in one of these. */
export const ATTENTION_STATUSES: ReadonlySet<string> = new Set<ConnectionStatus>(["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]);

export const needsAttention = (list: readonly { status: string }[] | null | undefined) => !!list?.some((c) => ATTENTION_STATUSES.has(c.status));

/**
 * A connection's session buttons, by status. `newQr` only for channels that pair by QR code. PAIRING also
 * gets the code button: with a pairing-code login (POST /api/whatsappsession/:id/pairing) the code is what the person
 * types on the phone.
 */
export type SessionAction = "qr" | "retry" | "newQr" | "connecting" | "disconnect";

export function sessionActions(status: string, pairsByQr: boolean): SessionAction[] {
  switch (status) {
    case "qrcode":
      return ["qr"];
    case "DISCONNECTED":
      return pairsByQr ? ["retry", "newQr"] : ["retry"];
    case "OPENING":
      return ["connecting"];
    case "PAIRING":
      return ["qr", "disconnect"];
    case "CONNECTED":
    case "TIMEOUT":
      return ["disconnect"];
    default:
      return [];
  }
}
