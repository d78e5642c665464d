import { ChannelError, type ChannelErrorCode } from "../../../src/channels/adapter";

/** What Meta said, kept on the error for the log and for the core's retry policy. */
export interface GraphErrorInfo {
  /** HTTP status of the Graph answer; undefined for network failures and webhook status errors. */
  status?: number;
  code?: number;
  subcode?: number;
  type?: string;
  fbtraceId?: string;
  /** Meta's own text (message / title). */
  message?: string;
  /** error_data.details, error_user_msg: the most readable explanation Meta gave. */
  details?: string;
}

/**
 * A ChannelError raised from a Graph API answer. `retryAfterMs` is a hint for RATE_LIMITED and TEMPORARY (from
 * Retry-After or the usage headers, else a per-code default); the core decides when to retry.
 */
export class GraphError extends ChannelError {
  constructor(
    code: ChannelErrorCode,
    message: string,
    readonly graph: GraphErrorInfo,
    retryAfterMs?: number,
  ) {
    super(code, message, graph, retryAfterMs);
    this.name = "GraphError";
  }
}
