/** Recordings under 10000 bytes are discarded; MP3 is encoded at 128 kbps. */
export const MIN_RECORDING_BYTES = 10_000;
export const MP3_BITRATE = 128_000;
export const AAC_BITRATE = 128_000;

export type AudioTarget = "ogg" | "mp3" | "m4a" | "wav";

/**
 * What each channel takes for a recorded voice note, best first; the encoder moves on when the browser cannot
 * produce one. WhatsApp (both APIs) plays Ogg/Opus as a voice note (the whatsapp plugin sends it with ptt) and web
 * chat plays it in every current browser; Messenger takes MP3; Instagram takes AAC/M4A or WAV (not MP3 nor Ogg).
 * Any other channel gets the WhatsApp order.
 */
const TARGETS: Record<string, readonly AudioTarget[]> = {
  whatsapp: ["ogg", "mp3"],
  whatsappapi: ["ogg", "mp3"],
  webchat: ["ogg", "mp3"],
  facebook: ["mp3", "m4a"],
  instagram: ["m4a", "wav"],
};

export function audioTargets(channel: string | null | undefined): readonly AudioTarget[] {
  return (channel && TARGETS[channel]) || TARGETS.whatsapp!;
}

export const TARGET_FILE: Record<AudioTarget, { ext: string; mime: string }> = {
  ogg: { ext: "ogg", mime: "audio/ogg; codecs=opus" },
  mp3: { ext: "mp3", mime: "audio/mpeg" },
  m4a: { ext: "m4a", mime: "audio/mp4" },
  wav: { ext: "wav", mime: "audio/wav" },
};

/** The recorder's container, best first: Chromium records WebM/Opus, Firefox Ogg/Opus, Safari MP4/AAC. */
export const RECORDER_TYPES = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/webm", "audio/mp4"] as const;

export function recorderType(isSupported: (type: string) => boolean): string | undefined {
  return RECORDER_TYPES.find((t) => isSupported(t));
}

/** mm:ss of the recording timer. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}
