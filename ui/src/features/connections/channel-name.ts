import type { TFunction } from "i18next";

/** A channel's name in the interface language; a plugin we have no translation for keeps its manifest's name. */
export const channelName = (t: TFunction, id: string, manifestName?: string) => t(`connections.channels.${id}`, { defaultValue: manifestName ?? id });
