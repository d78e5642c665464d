import { join } from "node:path";
import type { AppContext } from "../../context";
import { type Actor, assertCan } from "../../http/permissions";
import type { PlatformSettingKey } from "../settings/catalogue";
import { getPlatformSetting } from "../settings/queries";
import { createSettingsService } from "../settings/service";
import { LogoFiles, logoUrl } from "./files";
import { logoExtension } from "./logo-type";

export const LOGO_MODES = ["light", "dark", "favicon"] as const;
export type LogoMode = (typeof LOGO_MODES)[number];

/** The platform setting each upload mode fills with the file's address. */
const KEY_OF_MODE = { light: "appLogoLight", dark: "appLogoDark", favicon: "appLogoFavicon" } as const satisfies Record<LogoMode, PlatformSettingKey>;
const LOGO_KEYS: readonly string[] = Object.values(KEY_OF_MODE);

/**
 * Whitelabel logos. An upload stores the file, then sets its setting through the settings service (validation, audit,
 * the settings.updated event); whenever a logo setting changes, by an upload or by PUT /api/settings/:key (clearing
 * it), the files no setting names any more are deleted. Uploads and that clean-up run one at a time, so the clean-up
 * never sees a file whose setting is still being written. Built once per app: it listens on the bus.
 */
export function createWhitelabelService(ctx: AppContext) {
  const settings = createSettingsService(ctx);
  const files = new LogoFiles(join(ctx.config.DATA_DIR, "whitelabel"));
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job);
    queue = run.catch(() => undefined);
    return run;
  };

  async function dropUnused() {
    const inUse = new Set(await Promise.all(Object.values(KEY_OF_MODE).map((key) => getPlatformSetting(ctx.db, key))));
    for (const name of await files.list()) if (!inUse.has(logoUrl(name))) await files.remove(name);
  }

  ctx.bus.on("settings.updated", ({ companyId, key }) => {
    if (companyId === null && LOGO_KEYS.includes(key)) return serial(dropUnused);
  });

  return {
    /** POST /settings-whitelabel/logo: answers the setting with the file's address. */
    async upload(actor: Actor, mode: LogoMode, file: File) {
      assertCan(actor, "platform:manage");
      const ext = await logoExtension(file);
      return serial(async () => {
        const name = await files.save(file, ext);
        try {
          return await settings.update(actor, KEY_OF_MODE[mode], logoUrl(name));
        } catch (err) {
          await files.remove(name);
          throw err;
        }
      });
    },

    open: (name: string) => files.open(name),
  };
}
