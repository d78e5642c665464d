import type { Actor } from "../../http/permissions";
import { type LgpdPolicy, maskContact, masksNumbersFor } from "../tickets/lgpd";
import type { ContactRow, ContactTag } from "./queries";

/** A contact as the API carries it, with its connection's name and its tags. */
export function serializeContact(row: ContactRow, tags: ContactTag[] = [], extraInfo?: { id: number; name: string; value: string }[]) {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    channel: row.channel,
    isGroup: row.isGroup === 1,
    active: row.active === 1,
    disableBot: row.disableBot === 1,
    acceptAudioMessage: row.acceptAudioMessage === 1,
    lgpdAcceptedAt: row.lgpdAcceptedAt,
    urlPicture: row.urlPicture,
    whatsappId: row.whatsappId,
    whatsapp: row.whatsappId !== null && row.whatsappName !== null ? { id: row.whatsappId, name: row.whatsappName, channel: row.whatsappChannel } : null,
    walletUserId: row.walletUserId,
    tags: tags.map((t) => ({ id: t.id, name: t.name, color: t.color, kanban: t.kanban })),
    ...(extraInfo && { extraInfo }),
    companyId: row.companyId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type ContactView = ReturnType<typeof serializeContact>;

/** What this viewer may see: numbers masked for plain users under LGPD (tickets/lgpd.ts), never for groups. */
export function contactForViewer(view: ContactView, viewer: Pick<Actor, "profile" | "super">, lgpd: LgpdPolicy): ContactView {
  return masksNumbersFor(viewer, lgpd) ? maskContact(view) : view;
}
