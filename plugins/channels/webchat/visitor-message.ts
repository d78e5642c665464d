/**
 * A message as the visitor API shows it: the shape routes.ts answers and session.ts pushes, and the one the widget
 * bundle reads (widget/src/api.ts imports it type-only, so this file must stay free of imports and runtime code).
 * `fromMe` is from the visitor's point of view: true = written by the visitor.
 */
export interface VisitorMessage {
  id: number;
  body: string;
  mediaUrl: string | null;
  mediaType: string | null;
  mediaName: string | null;
  createdAt: string;
  fromMe: boolean;
  ack: number;
  /** The clientId the visitor posted it with (their own messages only). */
  clientId: string | null;
  /** Deleted for everyone: body and media are empty. */
  isDeleted: boolean;
  /** An agent changed the text after sending it. */
  isEdited: boolean;
  /** The agents' reactions to the message (emoji, oldest first). */
  reactions: string[];
}
