import type { ChannelInfo, Connection } from "../connections/types";

/** What an import may ask of a connection's channel: checking numbers, listing the phone's contacts. */
export type ImportCapability = "checkNumber" | "listContacts";

/** The connected connections whose channel has the capability (GET /api/channels), in the list's order. */
export function connectionsWith<C extends Pick<Connection, "id" | "name" | "channel" | "status">>(
  connections: readonly C[],
  channels: readonly Pick<ChannelInfo, "id" | "capabilities">[],
  capability: ImportCapability,
): C[] {
  const able = new Set(channels.filter((c) => c.capabilities[capability] === true).map((c) => c.id));
  return connections.filter((c) => c.status === "CONNECTED" && able.has(c.channel));
}
