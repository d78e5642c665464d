import { z } from "zod";

/**
 * POST /api/facebook: what the Facebook Login dialog gave the web app. addInstagram connects the Pages'
 * Instagram professional accounts instead of the Pages.
 */
export const facebookLoginBody = z.object({
  facebookUserId: z
    .string({ error: "Required" })
    .trim()
    .regex(/^\d{1,30}$/, "Invalid id"),
  facebookUserToken: z.string({ error: "Required" }).trim().min(10, "Required").max(4_096, "Too Long!"),
  addInstagram: z.boolean({ error: "Invalid value" }).optional().default(false),
});

/**
 * POST /api/messages/:ticketId/template: an approved template of the ticket's connection, with the component
 * parameters exactly as the WhatsApp Cloud API takes them ([{type: "body", parameters: [{type: "text", text}]}]).
 */
export const templateMessageBody = z.object({
  name: z.string({ error: "Required" }).trim().min(1, "Required").max(512, "Too Long!"),
  language: z.string({ error: "Required" }).trim().min(2, "Required").max(20, "Too Long!"),
  components: z
    .array(z.looseObject({ type: z.string({ error: "Required" }).trim().min(1, "Required").max(30, "Too Long!") }), { error: "Invalid value" })
    .max(20, "Too Long!")
    .optional(),
});

export type FacebookLoginInput = z.infer<typeof facebookLoginBody>;
export type TemplateMessageInput = z.infer<typeof templateMessageBody>;
