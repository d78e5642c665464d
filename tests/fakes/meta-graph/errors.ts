/**
 * Graph API error answers as Meta documents them, for the fake to return.
 * Shapes: https://developers.facebook.com/docs/graph-api/guides/error-handling ({error: {message, type, code,
 * error_subcode, fbtrace_id}}); WhatsApp codes and texts: https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
 * (error_data.details); Messenger: https://developers.facebook.com/docs/messenger-platform/reference/send-api/error-codes
 */
export interface FakeError {
  status: number;
  body: { error: Record<string, unknown> };
}

const trace = () => `A${Math.random().toString(36).slice(2, 12)}`;

const wa = (code: number, message: string, details: string, status = 400): FakeError => ({
  status,
  body: { error: { message, type: "OAuthException", code, error_data: { messaging_product: "whatsapp", details }, fbtrace_id: trace() } },
});

export const GRAPH_ERRORS = {
  /** Token expired (subcode 463) or otherwise invalid: code 190, HTTP 401. */
  tokenExpired: (): FakeError => ({
    status: 401,
    body: {
      error: {
        message: "Error validating access token: Session has expired on Tuesday, 01-Aug-23 15:00:00 PDT. The current time is Tuesday, 01-Aug-23 16:00:00 PDT.",
        type: "OAuthException",
        code: 190,
        error_subcode: 463,
        fbtrace_id: trace(),
      },
    },
  }),
  invalidToken: (): FakeError => ({
    status: 401,
    body: { error: { message: "Invalid OAuth access token - Cannot parse access token", type: "OAuthException", code: 190, fbtrace_id: trace() } },
  }),
  appRateLimit: (): FakeError => ({
    status: 400,
    body: { error: { message: "(#4) Application request limit reached", type: "OAuthException", is_transient: true, code: 4, fbtrace_id: trace() } },
  }),
  wabaRateLimit: (): FakeError => ({
    status: 400,
    body: {
      error: {
        message:
          "(#80007) There have been too many calls to this WhatsApp Business account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.",
        type: "OAuthException",
        code: 80007,
        fbtrace_id: trace(),
      },
    },
  }),
  /** The documented example of the error-codes page. */
  throughputLimit: (): FakeError => ({
    status: 400,
    body: {
      error: {
        message: "(#130429) Rate limit hit",
        type: "OAuthException",
        code: 130429,
        error_data: {
          messaging_product: "whatsapp",
          details: "Message failed to send because there were too many messages sent from this phone number in a short period of time",
        },
        error_subcode: 2494055,
        fbtrace_id: "Az8or2yhqkZfEZ-_4Qn_Bam",
      },
    },
  }),
  pairRateLimit: () =>
    wa(
      131056,
      "(#131056) (Business Account, Consumer Account) pair rate limit hit",
      "Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.",
    ),
  undeliverable: () => wa(131026, "(#131026) Message Undeliverable", "Message Undeliverable."),
  reengagement: () =>
    wa(
      131047,
      "(#131047) Re-engagement message",
      "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
    ),
  templateMissing: () => wa(132001, "(#132001) Template name does not exist in the translation", "template name (x) does not exist in en_US"),
  invalidParameter: (details = "Invalid parameter"): FakeError => wa(100, "(#100) Invalid parameter", details),
  /** Messenger: the 24-hour window is closed (code 10, subcode 2018278). */
  outsideWindow: (): FakeError => ({
    status: 400,
    body: {
      error: {
        message:
          "(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview",
        type: "OAuthException",
        code: 10,
        error_subcode: 2018278,
        fbtrace_id: trace(),
      },
    },
  }),
  personUnavailable: (): FakeError => ({
    status: 400,
    body: {
      error: { message: "(#551) This person isn't available right now.", type: "OAuthException", code: 551, error_subcode: 1545041, fbtrace_id: trace() },
    },
  }),
  noMatchingUser: (): FakeError => ({
    status: 400,
    body: { error: { message: "(#100) No matching user found", type: "OAuthException", code: 100, error_subcode: 2018001, fbtrace_id: trace() } },
  }),
  unsupportedGet: (id: string): FakeError => ({
    status: 400,
    body: {
      error: {
        message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
        type: "GraphMethodException",
        code: 100,
        error_subcode: 33,
        fbtrace_id: trace(),
      },
    },
  }),
  invalidProof: (): FakeError => ({
    status: 400,
    body: { error: { message: "Invalid appsecret_proof provided in the API argument", type: "GraphMethodException", code: 100, fbtrace_id: trace() } },
  }),
  badClientSecret: (): FakeError => ({
    status: 400,
    body: { error: { message: "Error validating client secret.", type: "OAuthException", code: 1, fbtrace_id: trace() } },
  }),
  serverError: (): FakeError => ({
    status: 500,
    body: {
      error: {
        message: "An unexpected error has occurred. Please retry your request later.",
        type: "OAuthException",
        is_transient: true,
        code: 2,
        fbtrace_id: trace(),
      },
    },
  }),
} as const;

export type GraphErrorName = keyof typeof GRAPH_ERRORS;
