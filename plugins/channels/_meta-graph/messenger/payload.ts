/**
 * The shape of a Messenger / Instagram webhook delivery (object "page" or "instagram"), checked where it enters: a
 * correctly signed body whose parts have the wrong types (entry: 1, entry: [null], messaging: 5, attachments: "x"...)
 * is skipped part by part with a warning, and the well-formed parts of the same delivery are still processed.
 * Only the fields the normaliser reads are typed; unknown fields pass through untouched.
 */
import { z } from "zod";

const text = z.string();
const idLike = z.union([z.string(), z.number()]).transform(String);
const numberLike = z.union([z.number(), z.string()]);
const record = z.record(z.string(), z.unknown());

const attachmentSchema = z.looseObject({
  type: text,
  title: text.nullish(),
  url: text.nullish(),
  payload: z
    .looseObject({
      url: text.nullish(),
      title: text.nullish(),
      coordinates: z.looseObject({ lat: numberLike, long: numberLike }).nullish(),
      sticker_id: numberLike.nullish(),
      attachment_id: idLike.nullish(),
      text: text.nullish(),
    })
    .nullish(),
});

export const messagingEventSchema = z.looseObject({
  sender: z.looseObject({ id: idLike.optional(), user_ref: text.optional() }).optional(),
  recipient: z.looseObject({ id: idLike.optional() }).optional(),
  timestamp: numberLike.optional(),
  message: z
    .looseObject({
      mid: text,
      text: text.optional(),
      is_echo: z.boolean().optional(),
      app_id: numberLike.optional(),
      metadata: text.optional(),
      quick_reply: z.looseObject({ payload: text.optional() }).optional(),
      reply_to: z
        .looseObject({
          mid: text.optional(),
          story: z.looseObject({ url: text.optional(), id: idLike.optional() }).optional(),
          is_self_reply: z.boolean().optional(),
        })
        .optional(),
      attachments: z.array(attachmentSchema).optional(),
      referral: record.optional(),
      is_deleted: z.boolean().optional(),
      is_unsupported: z.boolean().optional(),
    })
    .optional(),
  message_edit: z.looseObject({ mid: text, text: text.optional(), num_edit: numberLike.optional() }).optional(),
  postback: z.looseObject({ mid: text.optional(), title: text.optional(), payload: text.optional(), referral: record.optional() }).optional(),
  reaction: z.looseObject({ mid: text, action: text.optional(), reaction: text.optional(), emoji: text.optional() }).optional(),
  read: z.looseObject({ watermark: numberLike.optional(), mid: text.optional() }).optional(),
  delivery: z.looseObject({ mids: z.array(text).optional(), watermark: numberLike.optional() }).optional(),
  referral: record.optional(),
});

export type MessagingEvent = z.output<typeof messagingEventSchema>;
export type MessengerAttachment = z.output<typeof attachmentSchema>;

/** One entry of the delivery: its events are checked one by one (messagingEventSchema). */
export const entrySchema = z.looseObject({
  id: idLike.optional(),
  time: numberLike.optional(),
  messaging: z.array(z.unknown()).optional(),
  standby: z.array(z.unknown()).optional(),
});

export const deliverySchema = z.looseObject({
  object: z.unknown().optional(),
  entry: z.array(z.unknown()).optional(),
});
