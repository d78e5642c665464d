import type { BunFile } from "bun";
import { readdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { randomKey, writeAtomically } from "../../storage/media";
import { LOGO_MIME, type LogoExtension } from "./logo-type";

/** A stored logo's name: a random key and the extension its bytes were recognised as. */
const LOGO_NAME = /^[0-9a-f]{32}\.(png|webp|ico)$/;

/** Where the app and the login page fetch a stored logo (GET /api/whitelabel/:file). */
export const logoUrl = (name: string) => `/api/whitelabel/${name}`;

/**
 * The platform's logos and favicon: DATA_DIR/whitelabel/<random key>.<ext>, public (the login page shows them) and
 * never overwritten, so each address can be cached for good. Only names this store made are ever opened.
 */
export class LogoFiles {
  constructor(private readonly dir: string) {}

  /** Writes the file under a new name; answers the name. */
  async save(file: Blob, ext: LogoExtension): Promise<string> {
    const name = `${randomKey()}.${ext}`;
    await writeAtomically(join(this.dir, name), file);
    return name;
  }

  /** The stored file and its type; undefined for a name this store would not make or a file no longer there. */
  async open(name: string): Promise<{ file: BunFile; mime: string } | undefined> {
    if (!LOGO_NAME.test(name)) return undefined;
    const file = Bun.file(join(this.dir, name));
    if (!(await file.exists())) return undefined;
    return { file, mime: LOGO_MIME[name.slice(name.lastIndexOf(".") + 1) as LogoExtension] };
  }

  /** Every entry of the folder (left-over partial writes included); none while it does not exist yet. */
  async list(): Promise<string[]> {
    return readdir(this.dir).catch(() => []);
  }

  async remove(name: string): Promise<void> {
    if (name.includes("/") || name.includes("\\") || name.startsWith(".")) return;
    await unlink(join(this.dir, name)).catch(() => undefined);
  }
}
