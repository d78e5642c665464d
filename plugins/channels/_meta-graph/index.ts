/** The Graph API layer shared by the whatsappapi, facebook and instagram plugins. */
export { answerVerification, hubParams } from "./answer-verification";
export { DEFAULT_GRAPH_URL, resolveMetaEnv, type FetchFn, type MetaEnv } from "./env";
export { GraphClient, type GraphClientOptions } from "./graph-client";
export { GraphError, type GraphErrorInfo } from "./graph-error";
export { mapGraphError, mapStatusError, networkError } from "./map-graph-error";
export { connectPages, PAGE_SUBSCRIBED_FIELDS, type ConnectionDraft, type ConnectPagesInput, type ConnectPagesResult } from "./messenger/connect-pages";
export { metaVerifyToken } from "./messenger/verify-token";
export { registerMetaWebhooks } from "./messenger/webhook";
export { verifySignature } from "./verify-signature";
export { createMetaPlugins, type MetaPlugins } from "./plugins";
