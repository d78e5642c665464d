/**
 * LGPD (the company's data-protection settings): with enableLGPD and lgpdHideNumber on, a plain user (profile user, not super)
 * sees contact numbers masked in the middle, except for groups; with enableLGPD and lgpdDeleteMessage on, a deleted
 * message shows the removed notice instead of its text. Applied where views are shaped for one viewer, so REST
 * answers and socket frames agree.
 */
import type { Db } from "../../db/database";
import type { Actor } from "../../http/permissions";
import { companySettingsList } from "../settings/queries";

export interface LgpdPolicy {
  hideNumber: boolean;
  deleteNotice: boolean;
}

/** What a deleted message shows under lgpdDeleteMessage (and what its stored text becomes). */
export const DELETED_NOTICE = "🚫 _Mensagem apagada_";

/** The three keys in one read (every list and socket frame asks). */
export async function readLgpd(db: Db, companyId: number): Promise<LgpdPolicy> {
  const settings = new Map((await companySettingsList(db, companyId)).map((s) => [s.key, s.value]));
  const on = (key: "enableLGPD" | "lgpdHideNumber" | "lgpdDeleteMessage") => settings.get(key) === "enabled";
  return { hideNumber: on("enableLGPD") && on("lgpdHideNumber"), deleteNotice: on("enableLGPD") && on("lgpdDeleteMessage") };
}

export function masksNumbersFor(viewer: Pick<Actor, "profile" | "super">, lgpd: LgpdPolicy): boolean {
  return lgpd.hideNumber && viewer.profile === "user" && !viewer.super;
}

/** "5511987654321" -> "5511*******21": the country and area code and the last two digits stay. */
function maskNumber(number: string): string {
  if (!number) return number;
  const keepStart = number.length > 8 ? 4 : 0;
  const keepEnd = Math.min(2, number.length - 1);
  return number.slice(0, keepStart) + "*".repeat(number.length - keepStart - keepEnd) + number.slice(number.length - keepEnd);
}

/** A contact shown without a name of its own carries its number as the name (inbound does that): it is masked too. */
const PHONE_LIKE = /^\+?[\d\s().-]{8,}$/;
function maskName(name: string): string {
  return PHONE_LIKE.test(name) ? maskNumber(name) : name;
}

export function maskContact<C extends { name: string; number?: string; isGroup?: boolean }>(contact: C): C {
  if (contact.isGroup) return contact;
  return { ...contact, name: maskName(contact.name), ...(contact.number !== undefined ? { number: maskNumber(contact.number) } : {}) };
}
