import { fileTypeFromBlob } from "file-type";

export const MEDIA_KINDS = ["image", "audio", "video", "document"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export interface Sniffed {
  mime: string;
  kinds: readonly MediaKind[];
  /** Extensions a file of this type may carry; the first is appended to a name that has none of them. */
  ext: readonly string[];
}

type Accepted = Omit<Sniffed, "mime">;
const image: readonly MediaKind[] = ["image"];
const audio: readonly MediaKind[] = ["audio"];
const video: readonly MediaKind[] = ["video"];
const document: readonly MediaKind[] = ["document"];

/**
 * The allow-list, by the type sniffed from the bytes. Images are only those a browser renders
 * (never SVG, which file-type reports as XML and which is refused). Macro-enabled Office formats
 * are left out. WebM and Ogg video count as audio too: browsers record voice notes as WebM.
 */
const ACCEPTED: Record<string, Accepted> = {
  "image/jpeg": { kinds: image, ext: ["jpg", "jpeg", "jpe", "jfif"] },
  "image/png": { kinds: image, ext: ["png"] },
  "image/apng": { kinds: image, ext: ["png", "apng"] },
  "image/gif": { kinds: image, ext: ["gif"] },
  "image/webp": { kinds: image, ext: ["webp"] },
  "image/avif": { kinds: image, ext: ["avif"] },
  "image/bmp": { kinds: image, ext: ["bmp"] },
  "image/x-icon": { kinds: image, ext: ["ico"] },
  "audio/mpeg": { kinds: audio, ext: ["mp3"] },
  "audio/mp4": { kinds: audio, ext: ["m4a", "mp4"] },
  "audio/x-m4a": { kinds: audio, ext: ["m4a"] },
  "audio/aac": { kinds: audio, ext: ["aac"] },
  "audio/ogg": { kinds: audio, ext: ["ogg", "oga"] },
  "audio/ogg; codecs=opus": { kinds: audio, ext: ["ogg", "opus", "oga"] },
  "audio/wav": { kinds: audio, ext: ["wav"] },
  "audio/flac": { kinds: audio, ext: ["flac"] },
  "audio/amr": { kinds: audio, ext: ["amr"] },
  "video/mp4": { kinds: video, ext: ["mp4", "m4v"] },
  "video/x-m4v": { kinds: video, ext: ["m4v", "mp4"] },
  "video/quicktime": { kinds: video, ext: ["mov", "qt"] },
  "video/3gpp": { kinds: video, ext: ["3gp"] },
  "video/webm": { kinds: ["video", "audio"], ext: ["webm", "weba"] },
  "video/ogg": { kinds: ["video", "audio"], ext: ["ogv", "ogg"] },
  "application/pdf": { kinds: document, ext: ["pdf"] },
  "application/zip": { kinds: document, ext: ["zip"] },
  "application/rtf": { kinds: document, ext: ["rtf"] },
  // Legacy .doc/.xls/.ppt share one container (CFB) with .msi installers: an unexpected name gets ".bin".
  "application/x-cfb": { kinds: document, ext: ["bin", "doc", "xls", "ppt", "dot", "xlt", "pot", "msg"] },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { kinds: document, ext: ["docx"] },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { kinds: document, ext: ["xlsx"] },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": { kinds: document, ext: ["pptx"] },
  "application/vnd.openxmlformats-officedocument.presentationml.slideshow": { kinds: document, ext: ["ppsx"] },
  "application/vnd.oasis.opendocument.text": { kinds: document, ext: ["odt"] },
  "application/vnd.oasis.opendocument.spreadsheet": { kinds: document, ext: ["ods"] },
  "application/vnd.oasis.opendocument.presentation": { kinds: document, ext: ["odp"] },
};

const TEXT: Accepted = { kinds: document, ext: ["txt", "text", "log", "md"] };
const CSV: Accepted = { kinds: document, ext: ["csv"] };

/**
 * The type of a file from its bytes alone; undefined when it is none we accept. The claimed name
 * only chooses between text/csv and text/plain for content that already passed the text rule.
 */
export async function sniff(blob: Blob, name: string): Promise<Sniffed | undefined> {
  if (blob.size === 0) return undefined;
  // A malformed container can make a detector throw; such bytes are simply not a known type.
  const found = await fileTypeFromBlob(blob).catch(() => undefined);
  if (found && Object.hasOwn(ACCEPTED, found.mime)) return { mime: found.mime, ...ACCEPTED[found.mime]! };
  // Text has no magic bytes; file-type only recognises a few text formats (vCard, iCalendar, VTT), which are text too.
  if (found && !found.mime.startsWith("text/")) return undefined;
  if (!(await isPlainText(blob))) return undefined;
  return /\.csv$/i.test(name.trim()) ? { mime: "text/csv", ...CSV } : { mime: "text/plain", ...TEXT };
}

/**
 * The text rule: valid UTF-8, no NUL, and not markup. Markup is refused outright (a leading `<`
 * followed by a letter, `!`, `?` or `/`): it is how HTML, SVG and XML begin, and nothing stored
 * as text should be a page a browser could be talked into rendering. UTF-16 files contain NULs
 * and are refused. The whole file is checked, as a stream.
 */
async function isPlainText(blob: Blob): Promise<boolean> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  let start = ""; // the first characters after any BOM and leading white space
  try {
    for await (const chunk of blob.stream()) {
      const text = decoder.decode(chunk, { stream: true });
      if (text.includes("\0")) return false;
      if (start.length < 8) start = (start + text).replace(/^[\s\uFEFF]+/, "").slice(0, 8);
    }
    const rest = decoder.decode();
    if (rest.includes("\0")) return false;
    if (start.length < 8) start = (start + rest).replace(/^[\s\uFEFF]+/, "");
  } catch {
    return false;
  }
  return !/^<[a-zA-Z!?/]/.test(start);
}
