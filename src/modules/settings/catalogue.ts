import { z } from "zod";

const enabledDisabled = z.enum(["enabled", "disabled"]);
const text = (max = 4000) => z.string().max(max);
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
export const PUBLIC_SETTING_KEYS = ["allowSignup", "primaryColorLight", "primaryColorDark", "appLogoLight", "appLogoDark", "appLogoFavicon", "appName"] as const;

export const isPlatformKey = (key: string): key is PlatformSettingKey => Object.hasOwn(PLATFORM_SETTINGS, key);
