import { compiledOnce } from "../../db/compiled";
import type { Db } from "../../db/database";
import { forCompany } from "../../db/scope";
import {
  COMPANY_SETTING_KEYS,
  COMPANY_SETTINGS,
  type CompanySettingKey,
  type CompanySettingValue,
  PLATFORM_SETTINGS,
  type PlatformSettingKey,
} from "./catalogue";

export async function getPlatformSetting(db: Db, key: PlatformSettingKey): Promise<string> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value ?? PLATFORM_SETTINGS[key].default;
}

export async function setPlatformSetting(db: Db, key: PlatformSettingKey, value: string, now: string): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key, value, updatedAt: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updatedAt: now }))
    .execute();
}

export async function platformSettingsList(db: Db): Promise<Array<{ key: PlatformSettingKey; value: string }>> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return (Object.keys(PLATFORM_SETTINGS) as PlatformSettingKey[]).map((key) => ({ key, value: stored.get(key) ?? PLATFORM_SETTINGS[key].default }));
}

/**
 * A stored value that no longer passes its schema (the catalogue changed since it was written)
 * reads as the default, so readers always get a value of the declared type.
 */
function readValue<K extends CompanySettingKey>(key: K, stored: string | undefined): CompanySettingValue<K> {
  const entry = COMPANY_SETTINGS[key];
  if (stored !== undefined) {
    const parsed = entry.schema.safeParse(stored);
    if (parsed.success) return parsed.data as CompanySettingValue<K>;
  }
  return entry.default as CompanySettingValue<K>;
}

// Read by every list page and socket frame (LGPD): compiled once (src/db/compiled.ts).
const storedSettings = compiledOnce((db, a: { companyId: number }) => forCompany(db, a.companyId).selectFrom("company_settings").select(["key", "value"]));

/** Every company key in catalogue order, stored values merged over the defaults. */
export async function companySettingsList(db: Db, companyId: number): Promise<Array<{ key: CompanySettingKey; value: string }>> {
  const rows = await storedSettings(db, { companyId });
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return COMPANY_SETTING_KEYS.map((key) => ({ key, value: readValue(key, stored.get(key)) }));
}

export async function getCompanySetting<K extends CompanySettingKey>(db: Db, companyId: number, key: K): Promise<CompanySettingValue<K>> {
  const row = await forCompany(db, companyId).selectFrom("company_settings").select("value").where("key", "=", key).executeTakeFirst();
  return readValue(key, row?.value);
}

export async function setCompanySetting(db: Db, companyId: number, key: CompanySettingKey, value: string, now: string): Promise<void> {
  await forCompany(db, companyId)
    .insertInto("company_settings", { key, value, updatedAt: now })
    .onConflict((oc) => oc.columns(["companyId", "key"]).doUpdateSet({ value, updatedAt: now }))
    .execute();
}
