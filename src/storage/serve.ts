import type { OpenedMedia } from "./media";

/** Everything a media answer carries whatever the file (ARCHITECTURE.md, Media). */
const FIXED_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "sandbox; default-src 'none'",
  "accept-ranges": "bytes",
};

/** The file's answer: whole, or one byte range (players seek with them; Safari needs them for audio and video). */
export function mediaResponse({ media, file, expiresAt }: OpenedMedia, rangeHeader: string | null, now: Date): Response {
  const headers: Record<string, string> = {
    ...FIXED_HEADERS,
    "content-type": media.mime,
    "content-disposition": contentDisposition(media.mime, media.name),
    "cache-control": `private, max-age=${Math.max(0, expiresAt - Math.floor(now.getTime() / 1000))}`,
  };
  const range = parseRange(rangeHeader, media.size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${media.size}` } });
  }
  if (!range) return new Response(file, { headers });
  return new Response(file.slice(range.start, range.end + 1), {
    status: 206,
    headers: { ...headers, "content-range": `bytes ${range.start}-${range.end}/${media.size}` },
  });
}

/** Only what a browser shows safely is inline; everything else downloads. SVG is never stored as an image, but is never inline either. */
export function contentDisposition(mime: string, name: string): string {
  if (/^(image|audio|video)\//.test(mime) && mime !== "image/svg+xml") return "inline";
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

const encodeRfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * One `bytes=` range (start-end, start-, or -suffix), clamped to the file. Several ranges or a
 * header we do not understand answer the whole file, as RFC 9110 allows.
 */
export function parseRange(header: string | null, size: number): { start: number; end: number } | "unsatisfiable" | undefined {
  const m = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === "" && m[2] === "")) return undefined;
  let start: number;
  let end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    if (m[2] !== "" && Number(m[2]) < start) return undefined;
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
