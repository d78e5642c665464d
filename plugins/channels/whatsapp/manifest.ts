/**
 * The UI-safe half of the WhatsApp (Baileys) plugin: id, config schema, capabilities. No Baileys import here,
 * so the web app and the registry can read it without loading the protocol stack.
 */
import { z } from "zod";
import type { ChannelManifest } from "../../../src/channels/adapter";

const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

export const whatsappConfigSchema = z.object({
  /**
   * Pairing-code login: the account's phone number in international form (digits only, e.g. 5511999998888).
   * When set and the connection has no credentials, the session asks WhatsApp for an 8-character code and reports
   * status PAIRING with the code (instead of QR codes). Leave empty for QR login.
   */
  pairingNumber: z
    .string()
    .trim()
    .transform((s) => s.replace(/\D/g, ""))
    .refine((s) => s === "" || (s.length >= 8 && s.length <= 15), "Phone number in international form, 8 to 15 digits")
    .optional(),
  /**
   * Calls: 'disabled' rejects every incoming call and logs it in the chat, marked callRefused (the core answers it with
   * the company's AcceptCallWhatsappMessage). The company setting acceptCallWhatsapp wins when the host offers it.
   */
  acceptCallWhatsapp: z.enum(["enabled", "disabled"]).default("enabled"),
  /** Import of old messages (the connection's columns of the same names, passed through by the core). */
  enableImportMessage: z.boolean().default(false),
  /** Oldest message to import (ISO). */
  importOldMessages: isoDate.nullish(),
  /** Newest message to import (ISO); later ones arrive as live messages anyway. */
  importRecentMessages: isoDate.nullish(),
  /** Import group chats too. */
  importOldMessagesGroups: z.boolean().default(false),
});

export type WhatsAppConfig = z.output<typeof whatsappConfigSchema>;

export const whatsappManifest = {
  id: "whatsapp",
  name: "WhatsApp",
  connect: "qrcode",
  configSchema: whatsappConfigSchema,
  secretFields: [],
  capabilities: Object.freeze({
    react: true,
    edit: true,
    delete: true,
    markRead: true,
    groups: true,
    checkNumber: true,
    listContacts: true,
    window24h: false,
  }),
} satisfies ChannelManifest<typeof whatsappConfigSchema>;
