/**
 * The channel contract's message shapes (re-exported by adapter.ts, the one file plugins import): what a plugin hands
 * the core for every channel event (inbound), and what the core hands a plugin to send (outbound).
 */

// Inbound: one normalised shape for every channel

/** The chat a channel event belongs to: a person, or a group. */
export interface InboundChat {
  /** The channel's stable id for this chat (phone number, PSID, IGSID, visitor id, group jid). */
  id: string;
  /** Display name (person's profile name, group subject). Refreshes the contact's name while it has none of its own. */
  name?: string;
  /** Profile picture URL; refreshes the contact's picture. */
  picture?: string;
  isGroup?: boolean;
  /** Phone number to store on the contact (digits), when the channel has one. */
  number?: string;
  email?: string;
}

/** The person who wrote in a group chat. */
export interface InboundParticipant {
  id: string;
  name?: string;
}

/** Inbound media: bytes, or a fetcher the core calls once it knows the message is new. */
export interface InboundMedia {
  data?: Uint8Array | ArrayBuffer | Blob;
  fetch?: () => Promise<Uint8Array | ArrayBuffer | Blob>;
  /** What the channel says the type is; the media store sniffs the bytes anyway. */
  mime?: string;
  name?: string;
  /** The kind of file the channel names: shown while the file downloads and kept when it cannot be had. */
  kind?: InboundMediaKind;
  /**
   * A JSON handle the connection's session downloads the file with later (ChannelSession.fetchMedia). With it, a live
   * message is stored at once, shown as downloading, and its file is fetched afterwards as durable work (retried with
   * backoff, resumed after a restart), the message updated when it arrives: a webhook is answered without waiting for
   * the provider's CDN. Without it, the core fetches the file before the message is stored.
   */
  ref?: Record<string, unknown>;
}

export type InboundMediaKind = "image" | "video" | "audio" | "file";

export interface InboundLocation {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

interface InboundBase {
  chat: InboundChat;
  /** Group messages: who wrote. */
  participant?: InboundParticipant;
  /**
   * When the channel says it happened (ms epoch, Date or ISO). Ordering is arrival; this instant (never later than the
   * arrival) is when the contact wrote, which the reply window of window24h channels counts from.
   */
  timestamp?: number | Date | string;
}

/** A message in the chat. fromMe: sent by the connection's own account from elsewhere (the phone). */
export interface InboundMessage extends InboundBase {
  type: "message";
  /** The channel's message id: a repeated delivery with the same id is ignored. */
  externalId: string;
  fromMe: boolean;
  body: string;
  media?: InboundMedia;
  /** The externalId of the message this one replies to. */
  quotedExternalId?: string;
  vCard?: string;
  location?: InboundLocation;
  /** Kind for non-text payloads the web app renders specially (e.g. adMetaPreview, template, call_log). */
  kind?: string;
  /** JSON-serialisable extras stored with the message. */
  data?: Record<string, unknown>;
  isForwarded?: boolean;
  /**
   * A call from the contact that the connection refused because the company takes no calls (its record, kind
   * call_log): the core answers it with the company's text for refused calls, filled and sent as its automated texts
   * are. The plugin only refuses the call.
   */
  callRefused?: boolean;
}

/** A reaction to a message; an empty emoji removes the reactor's reaction. */
export interface InboundReaction extends InboundBase {
  type: "reaction";
  /** The externalId of the message reacted to. */
  externalId: string;
  fromMe: boolean;
  emoji: string;
}

/** The message's text was edited on the channel. */
export interface InboundEdit extends InboundBase {
  type: "edit";
  externalId: string;
  body: string;
}

/** The message was deleted for everyone on the channel. */
export interface InboundRevoke extends InboundBase {
  type: "revoke";
  externalId: string;
}

export type InboundEvent = InboundMessage | InboundReaction | InboundEdit | InboundRevoke;

/** What host.inbound answers once the event is committed (or skipped). */
export type InboundResult =
  | { status: "stored"; messageId: number; ticketId: number; contactId: number; ticketCreated: boolean }
  | { status: "duplicate"; messageId: number; ticketId: number; contactId: number | null }
  | { status: "updated"; messageId: number; ticketId: number }
  | { status: "dropped"; reason: "group_not_allowed" | "unknown_message" | "connection_deleted" | "invalid" };

// Outbound

/** A message of ours on the channel (what react/edit/delete/markRead point at). */
export interface MessageRef {
  externalId: string;
  chatId: string;
  fromMe: boolean;
  participant?: string;
  /** The message's text (quote previews; empty for media without caption). Set on OutboundMessage.quoted. */
  body?: string;
}

export interface OutboundMedia {
  mime: string;
  name: string;
  size: number;
  /** spec mediaType: image, audio, video or application. */
  kind: string;
  /** The bytes, read from the media store. */
  read(): Promise<Uint8Array>;
  /** A signed absolute link (1 hour) for providers that fetch media by URL; needs PUBLIC_URL. */
  url: string;
}

/** A pre-approved message (WhatsApp template): the only kind a window24h channel takes once the window has closed. */
export interface OutboundTemplate {
  name: string;
  /** The language code the provider lists it under (en_US, pt_BR...). */
  language: string;
  /** The provider's component parameters, passed through as given (WhatsApp: header/body/button parameters). */
  components?: unknown[];
}

export interface OutboundMessage {
  /** Our message id (stable across retries). */
  messageId: number;
  ticketId: number;
  to: { chatId: string; isGroup: boolean; number?: string };
  body: string;
  media?: OutboundMedia;
  quoted?: MessageRef;
  vCard?: string;
  /** Send a location (the body is then only the fallback text). */
  location?: InboundLocation;
  /** Send this template (the body is then its rendered text, as the conversation shows it). */
  template?: OutboundTemplate;
}
