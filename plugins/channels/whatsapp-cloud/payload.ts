/**
 * The shape of a WhatsApp Cloud API webhook delivery, checked where it enters: a correctly signed body whose parts
 * have the wrong types (entry: 1, changes: [null], value.messages: 5, a message's image: "x"...) is skipped part by
 * part with a warning, and the well-formed parts of the same delivery are still processed. Only the fields the
 * normaliser reads are typed; unknown fields pass through untouched.
 */
import { z } from "zod";

const text = z.string();
const numberLike = z.union([z.number(), z.string()]);
const record = z.record(z.string(), z.unknown());

const mediaSchema = z.looseObject({
  id: text,
  mime_type: text.optional(),
  sha256: text.optional(),
  caption: text.optional(),
  filename: text.optional(),
  url: text.optional(),
  voice: z.boolean().optional(),
  animated: z.boolean().optional(),
});

const contactCardSchema = z.looseObject({
  name: z
    .looseObject({
      formatted_name: text.optional(),
      first_name: text.optional(),
      last_name: text.optional(),
      middle_name: text.optional(),
      prefix: text.optional(),
      suffix: text.optional(),
    })
    .optional(),
  phones: z.array(z.looseObject({ phone: text.optional(), wa_id: text.optional(), type: text.optional() })).optional(),
  emails: z.array(z.looseObject({ email: text.optional(), type: text.optional() })).optional(),
  org: z.looseObject({ company: text.optional(), department: text.optional(), title: text.optional() }).optional(),
  urls: z.array(z.looseObject({ url: text.optional(), type: text.optional() })).optional(),
  addresses: z
    .array(
      z.looseObject({
        street: text.optional(),
        city: text.optional(),
        state: text.optional(),
        zip: text.optional(),
        country: text.optional(),
        country_code: text.optional(),
        type: text.optional(),
      }),
    )
    .optional(),
  birthday: text.optional(),
});

export const waMessageSchema = z.looseObject({
  from: text,
  id: text,
  timestamp: numberLike.optional(),
  type: text,
  text: z.looseObject({ body: text }).optional(),
  image: mediaSchema.optional(),
  video: mediaSchema.optional(),
  audio: mediaSchema.optional(),
  document: mediaSchema.optional(),
  sticker: mediaSchema.optional(),
  location: z.looseObject({ latitude: numberLike, longitude: numberLike, name: text.optional(), address: text.optional(), url: text.optional() }).optional(),
  contacts: z.array(contactCardSchema).optional(),
  interactive: z
    .looseObject({
      type: text,
      button_reply: z.looseObject({ id: text, title: text }).optional(),
      list_reply: z.looseObject({ id: text, title: text, description: text.optional() }).optional(),
      nfm_reply: z.looseObject({ name: text.optional(), body: text.optional(), response_json: text.optional() }).optional(),
    })
    .optional(),
  button: z.looseObject({ payload: text.optional(), text: text }).optional(),
  reaction: z.looseObject({ message_id: text, emoji: text.optional() }).optional(),
  order: z
    .looseObject({
      catalog_id: text.optional(),
      text: text.optional(),
      product_items: z
        .array(z.looseObject({ product_retailer_id: text, quantity: numberLike, item_price: numberLike.optional(), currency: text.optional() }))
        .optional(),
    })
    .optional(),
  system: z
    .looseObject({
      body: text.optional(),
      type: text.optional(),
      new_wa_id: text.optional(),
      wa_id: text.optional(),
      identity: text.optional(),
      user: text.optional(),
    })
    .optional(),
  referral: z.looseObject({ headline: text.optional(), body: text.optional(), source_url: text.optional(), source_type: text.optional() }).optional(),
  context: z
    .looseObject({
      from: text.optional(),
      id: text.optional(),
      forwarded: z.boolean().optional(),
      frequently_forwarded: z.boolean().optional(),
      referred_product: record.optional(),
    })
    .optional(),
  errors: z
    .array(
      z.looseObject({
        code: z.number().optional(),
        title: text.optional(),
        message: text.optional(),
        error_data: z.looseObject({ details: text.optional() }).optional(),
      }),
    )
    .optional(),
  unsupported: z.looseObject({ type: text.optional() }).optional(),
  /** smb_message_echoes only: the WhatsApp user the business app wrote to. */
  to: text.optional(),
});

export const waStatusSchema = z.looseObject({
  id: text,
  status: text,
  timestamp: text.optional(),
  recipient_id: text.optional(),
  errors: z.array(z.unknown()).optional(),
});

export const waContactSchema = z.looseObject({ profile: z.looseObject({ name: text.optional() }).optional(), wa_id: text });

/** A change's value; its messages, echoes and statuses are checked one by one (the schemas above). */
export const waChangeValueSchema = z.looseObject({
  messaging_product: text.optional(),
  metadata: z.looseObject({ display_phone_number: text.optional(), phone_number_id: numberLike.optional() }).optional(),
  contacts: z.array(waContactSchema).optional(),
  messages: z.array(z.unknown()).optional(),
  message_echoes: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
  errors: z.array(z.unknown()).optional(),
});

export const waChangeSchema = z.looseObject({ field: text, value: waChangeValueSchema });
export const waEntrySchema = z.looseObject({ id: numberLike.optional(), changes: z.array(z.unknown()).optional() });
export const waDeliverySchema = z.looseObject({ object: z.unknown().optional(), entry: z.array(z.unknown()).optional() });

export type WaMedia = z.output<typeof mediaSchema>;
export type WaMessage = z.output<typeof waMessageSchema>;
export type WaStatus = z.output<typeof waStatusSchema>;
export type WaContact = z.output<typeof waContactSchema>;
export type WaChangeValue = z.output<typeof waChangeValueSchema>;
