export { deliver, metaStringify, signedDelivery, verifySubscription, type SignedDelivery } from "./deliver";
export { GRAPH_ERRORS, type FakeError, type GraphErrorName } from "./errors";
export { createFakeHost, type FakeHost } from "./fake-host";
export { FAKE_IDS, FakeGraph, type FakePage, type FakeTemplate, type FakeUser, type FakeWaNumber, type RecordedRequest } from "./server";
export { serveWebhooks, type WebhookServer } from "./webhook-server";
