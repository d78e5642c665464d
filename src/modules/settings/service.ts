import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError, noPermission, notFound, validationError } from "../../http/errors";
import { type Actor, assertCan } from "../../http/permissions";
import { parse } from "../../http/validate";
import type { Db } from "../../db/database";
import { recordAudit } from "../audit/record";
import { findCompany } from "../auth/queries";
import {
  COMPANY_SETTINGS,
  type CompanySettingKey,
  isCompanyKey,
  isPlatformKey,
  PLATFORM_SETTINGS,
  PUBLIC_SETTING_KEYS,
  type PublicSettingKey,
  platformKeyOfPublic,
  REQUIRED_TEXTS,
} from "./catalogue";
import { companySettingsList, getCompanySetting, getPlatformSetting, platformSettingsList, setCompanySetting, setPlatformSetting } from "./queries";

const noSetting = () => new AppError("ERR_NO_SETTING_FOUND", 404, "No such setting");
const isPublic = (key: string): key is PublicSettingKey => (PUBLIC_SETTING_KEYS as readonly string[]).includes(key);

/** Validates a raw value against a key's schema; a failure names the request field it came from. */
/** Refuses a write that would leave a switch on (its `when` value) with its custom text empty. */
async function assertTextForSwitch(db: Db, companyId: number, key: CompanySettingKey, value: string, field: string) {
  for (const rule of REQUIRED_TEXTS) {
    if (rule.switch !== key && rule.text !== key) continue;
    const on = rule.switch === key ? value : await getCompanySetting(db, companyId, rule.switch);
    const text = rule.text === key ? value : await getCompanySetting(db, companyId, rule.text);
    if (on === rule.when && !text.trim()) throw validationError({ [field]: `${rule.text} is required while ${rule.switch} is ${rule.when}` });
  }
}

function validValue(schema: z.ZodType<string>, raw: unknown, field: string): string {
  return parse(z.object({ [field]: schema }), { [field]: raw })[field] as string;
}

export function createSettingsService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  /**
   * The value is kept under the setting's own key, so a key named like a secret is redacted. A platform setting has no
   * company: its entries are filed under the super user's own company.
   */
  const audit = (db: Db, actor: Actor, entity: "setting" | "companySetting", key: string, before: unknown, after: unknown) =>
    recordAudit(db, ctx.clock.now(), actor, {
      companyId: actor.companyId,
      entity,
      entityId: key,
      action: "update",
      before: { [key]: before },
      after: { [key]: after },
    });

  /** GET /public-settings/:key, before anyone logs in: branding keys, and allowSignup (the userCreation key). */
  async function publicGet(key: string) {
    if (!isPublic(key)) throw noSetting();
    return { key, value: await getPlatformSetting(ctx.db, platformKeyOfPublic(key)) };
  }

  async function writeCompanySetting(actor: Actor, key: CompanySettingKey, raw: unknown, field: string) {
    assertCan(actor, "settings:manage");
    const value = validValue(COMPANY_SETTINGS[key].schema, raw, field);
    await ctx.db.transaction().execute(async (trx) => {
      await assertTextForSwitch(trx, actor.companyId, key, value, field);
      const before = await getCompanySetting(trx, actor.companyId, key);
      await setCompanySetting(trx, actor.companyId, key, value, now());
      await audit(trx, actor, "companySetting", key, before, value);
    });
    ctx.bus.emit("settings.updated", { companyId: actor.companyId, key });
    return { key, value };
  }

  return {
    /** The actor's company keys with defaults; the super user also gets the platform keys. */
    async list(actor: Actor) {
      const company = await companySettingsList(ctx.db, actor.companyId);
      return actor.super ? [...company, ...(await platformSettingsList(ctx.db))] : company;
    },

    async get(actor: Actor, key: string) {
      if (isCompanyKey(key)) return { key, value: await getCompanySetting(ctx.db, actor.companyId, key) };
      if (!isPlatformKey(key)) throw noSetting();
      if (!actor.super && !isPublic(key)) throw noPermission();
      return { key, value: await getPlatformSetting(ctx.db, key) };
    },

    /** PUT /settings/:key: platform keys for the super user, company keys for the company's admins. */
    async update(actor: Actor, key: string, raw: unknown) {
      if (isCompanyKey(key)) return writeCompanySetting(actor, key, raw, "value");
      if (!isPlatformKey(key)) throw noSetting();
      assertCan(actor, "platform:manage");
      const value = validValue(PLATFORM_SETTINGS[key].schema, raw, "value");
      await ctx.db.transaction().execute(async (trx) => {
        const before = await getPlatformSetting(trx, key);
        await setPlatformSetting(trx, key, value, now());
        await audit(trx, actor, "setting", key, before, value);
      });
      ctx.bus.emit("settings.updated", { companyId: null, key });
      return { key, value };
    },

    async companyList(actor: Actor, companyId: number) {
      if (companyId !== actor.companyId && !(actor.super && (await findCompany(ctx.db, companyId)))) throw notFound();
      return companySettingsList(ctx.db, companyId);
    },

    async companyGet(actor: Actor, key: string) {
      if (!isCompanyKey(key)) throw noSetting();
      return { key, value: await getCompanySetting(ctx.db, actor.companyId, key) };
    },

    publicGet,

    /** The public settings a change of this platform key alters (under their public names), with their values now. */
    async publicChanges(platformKey: string) {
      const changed = PUBLIC_SETTING_KEYS.filter((k) => platformKeyOfPublic(k) === platformKey);
      return Promise.all(changed.map((key) => publicGet(key)));
    },

    /** Every public setting: what the login screen needs before anyone logs in. */
    publicList() {
      return Promise.all(PUBLIC_SETTING_KEYS.map((key) => publicGet(key)));
    },

    /** PUT /companySettings {column, data}: company keys only; platform keys are not company settings. */
    async companyUpdate(actor: Actor, key: string, raw: unknown) {
      if (!isCompanyKey(key)) throw noSetting();
      return writeCompanySetting(actor, key, raw, "data");
    },
  };
}
