/** Small byte samples with the magic numbers of each media type, so the core's media store sniffs them as that type. */
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const pad = (n: number) => new Array<number>(n).fill(0);

export function sampleMedia(mime: string): Uint8Array {
  const m = mime.toLowerCase();
  if (m.startsWith("image/jpeg")) return new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii("JFIF"), 0x00, 0x01, 0x01, ...pad(64), 0xff, 0xd9]);
  if (m.startsWith("image/webp")) return new Uint8Array([...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBPVP8 "), 0x18, 0, 0, 0, ...pad(32)]);
  if (m.startsWith("audio/ogg")) return new Uint8Array([...ascii("OggS"), 0x00, 0x02, ...pad(20), 0x01, 0x13, ...ascii("OpusHead"), 0x01, 0x01, ...pad(40)]);
  if (m.startsWith("video/mp4")) return new Uint8Array([0, 0, 0, 0x20, ...ascii("ftypisom"), 0, 0, 2, 0, ...ascii("isomiso2avc1mp41"), ...pad(32)]);
  if (m.startsWith("audio/mpeg"))
    return new Uint8Array([0xff, 0xfb, 0x90, 0x64, ...pad(413), 0xff, 0xfb, 0x90, 0x64, ...pad(413), 0xff, 0xfb, 0x90, 0x64, ...pad(64)]);
  if (m.startsWith("application/pdf")) return new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  return new TextEncoder().encode("plain text attachment\n");
}
