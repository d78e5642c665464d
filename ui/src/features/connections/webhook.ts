/**
 * The address to paste into the provider's console, for the plugins that receive webhooks (plugins/channels/*:
 * whatsapp-cloud mounts one per connection, the Meta Messenger plugins share /api/webhooks/meta). The manifest does
 * not carry it, so it is known here by plugin id; a plugin not listed has none.
 */
const WEBHOOKS: Readonly<Record<string, { perConnection: boolean; path: (connectionId: number) => string }>> = {
  whatsappapi: { perConnection: true, path: (id) => `/api/webhooks/whatsappapi/${id}` },
  facebook: { perConnection: false, path: () => "/api/webhooks/meta" },
  instagram: { perConnection: false, path: () => "/api/webhooks/meta" },
};

/** The full URL; undefined when the plugin has none, or has one per connection and this one is not saved yet. */
export function webhookUrl(channel: string, connectionId: number | undefined, origin = location.origin): string | undefined {
  const hook = WEBHOOKS[channel];
  if (!hook || (hook.perConnection && connectionId === undefined)) return undefined;
  return `${origin}${hook.path(connectionId ?? 0)}`;
}
