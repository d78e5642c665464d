import { fileTypeFromBlob } from "file-type";
import { AppError } from "../../http/errors";

/** The largest logo or favicon accepted: a logo is shown on every page load, so it stays small. */
export const MAX_LOGO_BYTES = 1024 * 1024;

/** What a stored logo is served as, by its extension. APNG is a PNG to the browser. */
export const LOGO_MIME = { png: "image/png", webp: "image/webp", ico: "image/x-icon" } as const;
export type LogoExtension = keyof typeof LOGO_MIME;

const BY_SNIFFED_MIME: Record<string, LogoExtension> = {
  "image/png": "png",
  "image/apng": "png",
  "image/webp": "webp",
  "image/x-icon": "ico",
};

/** How far into a file the SVG check reads: a prolog, a doctype and comments fit before the root element. */
const SVG_HEAD_BYTES = 64 * 1024;

/**
 * The extension a logo is stored under, from its bytes alone (the client's name and type are never trusted). SVG is
 * refused with its own code because it can carry script; anything else but PNG, WebP and ICO, and files over
 * MAX_LOGO_BYTES, are refused too.
 */
export async function logoExtension(file: Blob): Promise<LogoExtension> {
  if (await isSvg(file)) throw new AppError("ERR_LOGO_SVG_NOT_ALLOWED", 415, "SVG images are not accepted (they can carry scripts); use PNG, WebP or ICO");
  const found = file.size > 0 ? await fileTypeFromBlob(file).catch(() => undefined) : undefined;
  const ext = found && Object.hasOwn(BY_SNIFFED_MIME, found.mime) ? BY_SNIFFED_MIME[found.mime] : undefined;
  if (!ext) throw new AppError("ERR_LOGO_TYPE_NOT_ALLOWED", 415, "The logo must be a PNG, WebP or ICO image");
  if (file.size > MAX_LOGO_BYTES) throw new AppError("ERR_LOGO_TOO_LARGE", 413, "The logo must be at most 1 MB");
  return ext;
}

/** Markup whose root element is <svg> (after an optional BOM, white space, prolog, doctype and comments). */
async function isSvg(file: Blob): Promise<boolean> {
  const head = new TextDecoder("utf-8", { fatal: false }).decode(await file.slice(0, SVG_HEAD_BYTES).arrayBuffer());
  const text = head.replace(/^[\s\uFEFF]+/, "");
  return text.startsWith("<") && /<svg[\s>/]/i.test(text);
}
