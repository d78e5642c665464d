/**
 * The settings page's fields, grouped as an admin looks for them. Every company setting the server accepts has its
 * control here; `shown` is true only for the keys whose effect exists (docs/settings.md), so a key whose effect lands
 * comes back by flipping that one flag. Labels and help texts: `settings.fields.<key>.label` / `.help`.
 */

export type SettingControl =
  /** "enabled" / "disabled". */
  | { kind: "switch"; text?: PairedText; dependsOn?: string }
  /** A long text (a message sent to the contact). */
  | { kind: "text" }
  /** An http(s) address; empty allowed. */
  | { kind: "url" }
  /** One of the server's values; option labels: `settings.options.<key>.<value>`, or the value and its unit. */
  | { kind: "select"; options: readonly string[]; unit?: string }
  | { kind: "timezone" }
  /** Whole minutes, 0 to 525600 (a year). */
  | { kind: "minutes" }
  /** A country calling code: 1 to 3 digits, no +. */
  | { kind: "countryCode" };

/** The custom text a switch's feature sends: the server refuses the switch at `when` while the text is empty. */
export interface PairedText {
  key: string;
  when: "enabled" | "disabled";
}

export type SettingField = SettingControl & { key: string; shown: boolean };

export interface SettingGroup {
  id: "service" | "automation" | "tickets" | "messages" | "lgpd" | "calls" | "platform";
  /** Platform settings: the super user only. */
  platform?: boolean;
  fields: SettingField[];
}

export const SETTING_GROUPS: SettingGroup[] = [
  {
    id: "service",
    fields: [
      { key: "timezone", kind: "timezone", shown: true },
      { key: "showNotificationPending", kind: "switch", shown: true },
      { key: "videoCallHost", kind: "url", shown: true },
      { key: "defaultCountryCode", kind: "countryCode", shown: true },
      { key: "userRating", kind: "switch", shown: true },
      { key: "DirectTicketsToWallets", kind: "switch", shown: true },
      { key: "autoCloseTicketsMinutes", kind: "minutes", shown: true },
    ],
  },
  {
    id: "automation",
    fields: [
      { key: "scheduleType", kind: "select", options: ["disabled", "queue", "company", "connection"], shown: true },
      // One type only (numbered text menus): shown read-only, so the admin knows how the menus look.
      { key: "chatBotType", kind: "select", options: ["text"], shown: true },
      { key: "sendGreetingMessageOneQueues", kind: "switch", shown: true },
      { key: "userRandom", kind: "switch", shown: true },
      { key: "sendQueuePosition", kind: "switch", text: { key: "sendQueuePositionMessage", when: "enabled" }, shown: true },
      { key: "acceptAudioMessageContact", kind: "switch", shown: true },
    ],
  },
  {
    id: "tickets",
    fields: [
      { key: "requiredTag", kind: "switch", shown: true },
      { key: "closeTicketOnTransfer", kind: "switch", shown: true },
      { key: "sendFarewellWaitingTicket", kind: "switch", shown: true },
    ],
  },
  {
    id: "messages",
    fields: [
      { key: "sendSignMessage", kind: "switch", shown: true },
      { key: "sendGreetingAccepted", kind: "switch", text: { key: "greetingAcceptedMessage", when: "enabled" }, shown: true },
      { key: "sendMsgTransfTicket", kind: "switch", text: { key: "transferMessage", when: "enabled" }, shown: true },
    ],
  },
  {
    id: "lgpd",
    fields: [
      { key: "enableLGPD", kind: "switch", shown: true },
      { key: "lgpdHideNumber", kind: "switch", dependsOn: "enableLGPD", shown: true },
      { key: "lgpdDeleteMessage", kind: "switch", dependsOn: "enableLGPD", shown: true },
      { key: "lgpdConsent", kind: "switch", dependsOn: "enableLGPD", shown: true },
      { key: "lgpdMessage", kind: "text", shown: true },
      { key: "lgpdLink", kind: "url", shown: true },
    ],
  },
  {
    id: "calls",
    fields: [{ key: "acceptCallWhatsapp", kind: "switch", text: { key: "AcceptCallWhatsappMessage", when: "disabled" }, shown: true }],
  },
  {
    id: "platform",
    platform: true,
    fields: [
      { key: "userCreation", kind: "switch", shown: true },
      { key: "downloadLimit", kind: "select", options: ["32", "64", "128", "256", "512", "1024", "2048"], unit: "MB", shown: true },
    ],
  },
];

/** The groups as the page shows them: shown fields only, groups left empty dropped, platform groups for the super user. */
export function visibleGroups(isSuper: boolean, groups: SettingGroup[] = SETTING_GROUPS): SettingGroup[] {
  return groups
    .filter((g) => !g.platform || isSuper)
    .map((g) => ({ ...g, fields: g.fields.filter((f) => f.shown) }))
    .filter((g) => g.fields.length > 0);
}
