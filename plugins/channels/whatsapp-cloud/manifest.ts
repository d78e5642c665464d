/**
 * The UI-safe half of the WhatsApp Cloud API plugin (channel id `whatsappapi`).
 *
 * Webhook URL to paste in Meta's App Dashboard (or set as the WABA / phone-number callback override):
 *   {PUBLIC_URL}/api/webhooks/whatsappapi/{connectionId}   verify token: the connection's `verifyToken`
 */
import { z } from "zod";
import type { ChannelManifest } from "../../../src/channels/adapter";
import { META_CAPABILITIES } from "../_meta-graph/capabilities";
import { randomToken } from "../_meta-graph/random-token";

const digits = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, `${label} is the numeric id Meta shows`);

export const whatsappCloudConfigSchema = z.object({
  /** WhatsApp Manager > API Setup: "Phone number ID". */
  phoneNumberId: digits("Phone number ID"),
  /** "WhatsApp Business Account ID" (templates live there). */
  businessAccountId: digits("WhatsApp Business Account ID"),
  /** A system-user (permanent) access token with whatsapp_business_messaging and whatsapp_business_management. */
  accessToken: z.string().trim().min(20, "Paste the access token"),
  /** App Dashboard > App settings > Basic > App secret: signs the webhooks. */
  appSecret: z.string().trim().min(16, "Paste the app secret"),
  /** What Meta's dashboard must be given as "Verify token"; generated when left empty, shown in the form. */
  verifyToken: z
    .string()
    .trim()
    .min(8, "At least 8 characters")
    .max(200)
    .default(() => randomToken(32)),
});

export type WhatsAppCloudConfig = z.output<typeof whatsappCloudConfigSchema>;

export const whatsappCloudManifest: ChannelManifest<typeof whatsappCloudConfigSchema> = {
  id: "whatsappapi",
  name: "WhatsApp Cloud API",
  connect: "token",
  // No link held: webhooks and API calls, so a session runs on every instance and a webhook may reach any of them.
  instances: "every",
  configSchema: whatsappCloudConfigSchema,
  secretFields: ["accessToken", "appSecret"],
  capabilities: META_CAPABILITIES,
};
