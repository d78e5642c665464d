import { z } from "zod";

const pageId = z
  .string()
  .trim()
  .regex(/^\d{5,30}$/, "The numeric Facebook Page id");

/** Connection fields of a Facebook Page (written by POST /api/facebook through connectPages, or by hand). */
export const facebookConfigSchema = z.object({
  pageId,
  /** Long-lived Page access token (from the login flow; pages_messaging). */
  pageAccessToken: z.string().trim().min(20, "Paste the Page access token"),
  /**
   * Send with the HUMAN_AGENT message tag when the 24-hour window has closed (Meta allows it up to 7 days after
   * the person's last message, for replies written by a person; the app needs the Human Agent permission).
   */
  humanAgentTag: z.boolean().default(false),
});

/** Instagram professional account linked to a Facebook Page (Messenger API for Instagram). */
export const instagramConfigSchema = facebookConfigSchema.extend({
  instagramAccountId: z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, "The numeric Instagram account id"),
});

export type FacebookConfig = z.output<typeof facebookConfigSchema>;
export type InstagramConfig = z.output<typeof instagramConfigSchema>;
export type MessengerConfig = FacebookConfig & { instagramAccountId?: string };
