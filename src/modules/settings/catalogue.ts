import { z } from "zod";

const enabledDisabled = z.enum(["enabled", "disabled"], { error: "Invalid value" });
const text = (max = 4000) => z.string({ error: "Invalid value" }).max(max, "Too Long!");
const color = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, "Invalid colour");

/**
 * Platform keys (table `settings`), writable by the super user only (ARCHITECTURE.md, Settings).
 * Values are stored as text; each schema validates the text form.
 */
export const PLATFORM_SETTINGS = {
  userCreation: { schema: enabledDisabled, default: "disabled" },
  downloadLimit: { schema: z.enum(["32", "64", "128", "256", "512", "1024", "2048"]), default: "64" },
  primaryColorLight: { schema: color, default: "#0000FF" },
  primaryColorDark: { schema: color, default: "#39ACE7" },
  appLogoLight: { schema: text(500), default: "" },
  appLogoDark: { schema: text(500), default: "" },
  appLogoFavicon: { schema: text(500), default: "" },
  appName: { schema: text(60), default: "Multi100" },
} as const satisfies Record<string, { schema: z.ZodType<string>; default: string }>;

export type PlatformSettingKey = keyof typeof PLATFORM_SETTINGS;

/** Keys readable without a session: what the login and signup screens need. */
export const PUBLIC_SETTING_KEYS = [
  "allowSignup",
  "primaryColorLight",
  "primaryColorDark",
  "appLogoLight",
  "appLogoDark",
  "appLogoFavicon",
  "appName",
] as const;

export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];

/** The platform key behind a public one: allowSignup is userCreation under the name the sign-up screen reads. */
export const platformKeyOfPublic = (key: PublicSettingKey): PlatformSettingKey => (key === "allowSignup" ? "userCreation" : key);

export const isPlatformKey = (key: string): key is PlatformSettingKey => Object.hasOwn(PLATFORM_SETTINGS, key);

/** Canonical IANA name ("utc" -> "UTC"); undefined when Intl does not know the zone. */
function canonicalTimeZone(value: string): string | undefined {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const timeZone = z
  .string({ error: "Invalid value" })
  .trim()
  .max(64, "Too Long!")
  .refine((v) => canonicalTimeZone(v) !== undefined, "Invalid time zone")
  .transform((v) => canonicalTimeZone(v)!);

/** Whole minutes as text, up to a year; clients may send a number. 0 turns the feature off. */
const minutes = z
  .union([z.string(), z.number()], { error: "Invalid value" })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^[0-9]{1,6}$/, "Invalid number")
      .refine((v) => Number(v) <= 525_600, "Too Large"),
  );

/** A country calling code: 1 to 3 digits, no +; given to an imported number typed without one. */
const countryCode = z
  .string({ error: "Invalid value" })
  .trim()
  .regex(/^[1-9][0-9]{0,2}$/, "Invalid country code");

const link = z.union([z.literal(""), z.url({ protocol: /^https?$/, error: "Invalid URL" }).max(500, "Too Long!")], { error: "Invalid URL" });

/**
 * Company keys (table `company_settings`, one row per company and key), writable by the company's
 * admins. A missing row reads as the default, so a new company needs no seeding. Each `*Message`
 * key holds the text its feature sends; the feature sends nothing while the text is empty.
 */
export const COMPANY_SETTINGS = {
  userRating: { schema: enabledDisabled, default: "disabled" },
  scheduleType: { schema: z.enum(["disabled", "queue", "company", "connection"], { error: "Invalid value" }), default: "disabled" },
  // Interactive buttons and lists are gone from WhatsApp's regular API; text menus are what every channel can show.
  chatBotType: { schema: z.enum(["text"], { error: "Invalid value" }), default: "text" },
  acceptCallWhatsapp: { schema: enabledDisabled, default: "enabled" },
  userRandom: { schema: enabledDisabled, default: "disabled" },
  sendGreetingMessageOneQueues: { schema: enabledDisabled, default: "enabled" },
  sendSignMessage: { schema: enabledDisabled, default: "enabled" },
  sendFarewellWaitingTicket: { schema: enabledDisabled, default: "disabled" },
  sendGreetingAccepted: { schema: enabledDisabled, default: "disabled" },
  sendQueuePosition: { schema: enabledDisabled, default: "disabled" },
  acceptAudioMessageContact: { schema: enabledDisabled, default: "enabled" },
  enableLGPD: { schema: enabledDisabled, default: "disabled" },
  requiredTag: { schema: enabledDisabled, default: "disabled" },
  lgpdDeleteMessage: { schema: enabledDisabled, default: "disabled" },
  lgpdHideNumber: { schema: enabledDisabled, default: "disabled" },
  lgpdConsent: { schema: enabledDisabled, default: "disabled" },
  lgpdMessage: { schema: text(), default: "" },
  lgpdLink: { schema: link, default: "" },
  sendMsgTransfTicket: { schema: enabledDisabled, default: "disabled" },
  DirectTicketsToWallets: { schema: enabledDisabled, default: "disabled" },
  closeTicketOnTransfer: { schema: enabledDisabled, default: "disabled" },
  transferMessage: { schema: text(), default: "" },
  greetingAcceptedMessage: { schema: text(), default: "" },
  AcceptCallWhatsappMessage: { schema: text(), default: "" },
  sendQueuePositionMessage: { schema: text(), default: "" },
  showNotificationPending: { schema: enabledDisabled, default: "disabled" },
  // The public meeting host of the conversation's video-call link; empty hides the action.
  videoCallHost: { schema: link, default: "https://meet.jit.si/" },
  timezone: { schema: timeZone, default: "America/Sao_Paulo" },
  // Every time of the automation is in minutes (the company's auto-close was kept in hours before migration 0047).
  autoCloseTicketsMinutes: { schema: minutes, default: "1440" },
  defaultCountryCode: { schema: countryCode, default: "55" },
} as const satisfies Record<string, { schema: z.ZodType<string>; default: string }>;

export type CompanySettingKey = keyof typeof COMPANY_SETTINGS;
export type CompanySettingValue<K extends CompanySettingKey> = z.output<(typeof COMPANY_SETTINGS)[K]["schema"]>;

export const COMPANY_SETTING_KEYS = Object.keys(COMPANY_SETTINGS) as CompanySettingKey[];

export const isCompanyKey = (key: string): key is CompanySettingKey => Object.hasOwn(COMPANY_SETTINGS, key);

/**
 * A switch whose feature sends a custom text: while the switch holds `when`, the text may not be empty. Writing the
 * switch to `when` over an empty text, or emptying the text while the switch holds `when`, is refused.
 */
export const REQUIRED_TEXTS: ReadonlyArray<{ switch: CompanySettingKey; when: string; text: CompanySettingKey }> = [
  { switch: "sendMsgTransfTicket", when: "enabled", text: "transferMessage" },
  { switch: "sendGreetingAccepted", when: "enabled", text: "greetingAcceptedMessage" },
  { switch: "acceptCallWhatsapp", when: "disabled", text: "AcceptCallWhatsappMessage" },
  { switch: "sendQueuePosition", when: "enabled", text: "sendQueuePositionMessage" },
];
