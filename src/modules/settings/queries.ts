import type { Db } from "../../db/database";
import { PLATFORM_SETTINGS, type PlatformSettingKey } from "./catalogue";

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
