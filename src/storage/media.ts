import type { BunFile } from "bun";
import { mkdir, rename, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Clock } from "../clock";
import type { Db } from "../db/database";
import { forCompany } from "../db/scope";
import { AppError } from "../http/errors";
import { getPlatformSetting } from "../modules/settings/queries";
import { expiryFor, linkSignatureValid, MEDIA_KEY, signLink } from "./links";
import { deleteMedia, findMedia, findMediaForLink, insertMedia, type MediaRow } from "./queries";
import { MEDIA_KINDS, type MediaKind, sniff } from "./sniff";

export type { MediaKind } from "./sniff";

export interface StoredMedia {
  key: string;
  /** Sniffed from the bytes; what the file is served as. */
  mime: string;
  size: number;
  /** The client's name, cleaned, with an extension that matches the sniffed type. */
  name: string;
}

export interface SaveInput {
  data: Uint8Array | ArrayBuffer | Blob;
  /** The client's file name, only ever a label: Bun gives a multipart file sent with an empty filename no name at all. */
  name: string | undefined;
}

export interface SaveOptions {
  /** Defaults to the platform setting downloadLimit (MB). */
  maxBytes?: number;
  /** Defaults to every kind. */
  allow?: readonly MediaKind[];
}

export interface OpenedMedia {
  media: MediaRow;
  file: BunFile;
  /** Unix seconds after which the link stops working. */
  expiresAt: number;
}

const linkInvalid = () => new AppError("ERR_MEDIA_LINK_INVALID", 403, "This media link is invalid or has expired");

/**
 * Media files (ARCHITECTURE.md, Media): stored under random keys in DATA_DIR/media/<2 hex>/<key>,
 * described by a `media` row, reachable only through signed, expiring links or by their company.
 */
export class MediaStore {
  constructor(private readonly opts: { db: Db; dir: string; secret: string; clock: Clock }) {}

  /** 413 ERR_MEDIA_TOO_LARGE over the limit; 415 ERR_MEDIA_TYPE_NOT_ALLOWED when the bytes are not an allowed kind. */
  async save(companyId: number, input: SaveInput, opts: SaveOptions = {}): Promise<StoredMedia> {
    const scope = forCompany(this.opts.db, companyId);
    const blob = input.data instanceof Blob ? input.data : new Blob([input.data as BlobPart]);
    const maxBytes = opts.maxBytes ?? (await this.limitBytes());
    if (blob.size > maxBytes) throw new AppError("ERR_MEDIA_TOO_LARGE", 413, `The file is larger than ${formatBytes(maxBytes)}`);
    const sniffed = await sniff(blob, input.name ?? "");
    const allow = opts.allow ?? MEDIA_KINDS;
    if (!sniffed?.kinds.some((k) => allow.includes(k))) {
      throw new AppError("ERR_MEDIA_TYPE_NOT_ALLOWED", 415, "This type of file is not accepted here");
    }
    const stored: StoredMedia = { key: randomKey(), mime: sniffed.mime, size: blob.size, name: storedName(input.name, sniffed.ext) };
    const path = this.pathOf(stored.key);
    await writeAtomically(path, blob);
    try {
      await insertMedia(scope, { ...stored, createdAt: this.opts.clock.now().toISOString() });
    } catch (err) {
      await unlink(path).catch(() => undefined);
      throw err;
    }
    return stored;
  }

  /** Several files, all or none: when one is refused, the ones saved before it are deleted and the refusal thrown. */
  async saveAll(companyId: number, inputs: readonly SaveInput[], opts: SaveOptions = {}): Promise<StoredMedia[]> {
    const stored: StoredMedia[] = [];
    try {
      for (const input of inputs) stored.push(await this.save(companyId, input, opts));
    } catch (err) {
      for (const m of stored) await this.delete(companyId, m.key);
      throw err;
    }
    return stored;
  }

  /** `/api/media/<key>?exp=&sig=`, valid for at least ttlS seconds (see links.ts for the rounding). */
  url(companyId: number, key: string, ttlS = 3600): string {
    const exp = expiryFor(this.opts.clock.now().getTime(), ttlS);
    return `/api/media/${key}?exp=${exp}&sig=${signLink(this.opts.secret, key, companyId, exp)}`;
  }

  /**
   * Checks a link taken from a request. Malformed, expired, forged or tampered links and unknown
   * keys all answer the same 403, so a link never reveals whether a file exists.
   */
  async open(key: unknown, exp: unknown, sig: unknown): Promise<OpenedMedia> {
    if (typeof key !== "string" || !MEDIA_KEY.test(key)) throw linkInvalid();
    if (typeof exp !== "string" || !/^[0-9]{1,12}$/.test(exp) || typeof sig !== "string") throw linkInvalid();
    const expiresAt = Number(exp);
    if (this.opts.clock.now().getTime() / 1000 > expiresAt) throw linkInvalid();
    const media = await findMediaForLink(this.opts.db, key);
    if (!media || !linkSignatureValid(this.opts.secret, key, media.companyId, expiresAt, sig)) throw linkInvalid();
    const file = Bun.file(this.pathOf(key));
    if (!(await file.exists())) throw new AppError("ERR_NOT_FOUND", 404, "The file is no longer stored");
    return { media, file, expiresAt };
  }

  /** A company's own file, for server-side use (sending it on a channel); undefined for another company's key. */
  async get(companyId: number, key: string): Promise<{ media: MediaRow; file: BunFile } | undefined> {
    if (!MEDIA_KEY.test(key)) return undefined;
    const media = await findMedia(forCompany(this.opts.db, companyId), key);
    return media && { media, file: Bun.file(this.pathOf(key)) };
  }

  /** False when the key is not this company's: another company's file is untouched. */
  async delete(companyId: number, key: string): Promise<boolean> {
    if (!MEDIA_KEY.test(key)) return false;
    if (!(await deleteMedia(forCompany(this.opts.db, companyId), key))) return false;
    await unlink(this.pathOf(key)).catch(() => undefined);
    return true;
  }

  private pathOf(key: string): string {
    return join(this.opts.dir, key.slice(0, 2), key);
  }

  /** The largest file saved without a maxBytes of its own: the platform setting downloadLimit (MB). */
  async limitBytes(): Promise<number> {
    return (Number(await getPlatformSetting(this.opts.db, "downloadLimit")) || 64) * 1024 * 1024;
  }
}

export const randomKey = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");

/** Written beside its final place, then renamed: a crash never leaves a half-written file under a key. */
export async function writeAtomically(path: string, blob: Blob): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${randomKey()}.part`;
  try {
    await Bun.write(tmp, blob);
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

// Control and bidirectional-override characters: the latter can make "gpj.exe" read as "exe.jpg".
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: they are stripped from the names clients send.
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The last path segment of the client's name, cleaned ("file" when nothing is left); an extension that does not
 * match the bytes gets the right one appended. Only a label for downloads: the file itself lives under its key.
 */
function storedName(raw: string | undefined, ext: readonly string[]): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const clean = Array.from(base.normalize("NFC").replace(UNSAFE_CHARS, "").trim()).slice(0, 200).join("").trim() || "file";
  const dot = clean.lastIndexOf(".");
  const current = dot > 0 ? clean.slice(dot + 1).toLowerCase() : "";
  return ext.includes(current) ? clean : `${clean}.${ext[0]}`;
}

const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${Math.floor(n / (1024 * 1024))} MB` : `${n} bytes`);
