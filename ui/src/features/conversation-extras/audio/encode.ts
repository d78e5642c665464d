import {
  BlobSource,
  BufferTarget,
  Conversion,
  canEncodeAudio,
  Input,
  MP4,
  Mp3OutputFormat,
  Mp4OutputFormat,
  OGG,
  OggOutputFormat,
  Output,
  WavOutputFormat,
  WEBM,
} from "mediabunny";
import { AAC_BITRATE, type AudioTarget, audioTargets, MP3_BITRATE, TARGET_FILE } from "./formats";

/** Thrown when none of the channel's formats can be produced in this browser. */
export class AudioEncodeError extends Error {
  constructor(readonly tried: readonly AudioTarget[]) {
    super(`cannot encode the recording as ${tried.join(" or ")}`);
    this.name = "AudioEncodeError";
  }
}

let mp3Registered = false;

/**
 * The recorded blob in the first format the ticket's channel takes (formats.ts), encoded in the browser: the server
 * has no transcoder. This module is loaded on first use (it carries Mediabunny). Mediabunny repackages Opus from WebM into Ogg without re-encoding, and
 * encodes when the codec differs: Opus and AAC through WebCodecs where the browser has them, MP3 through LAME
 * (WASM, loaded only when MP3 is needed).
 */
export async function encodeVoiceNote(recorded: Blob, channel: string | null | undefined, now = Date.now()): Promise<File> {
  const targets = audioTargets(channel);
  for (const target of targets) {
    if (target === "mp3" && !mp3Registered && !(await canEncodeAudio("mp3"))) {
      (await import("@mediabunny/mp3-encoder")).registerMp3Encoder();
      mp3Registered = true;
    }
    const input = new Input({ source: new BlobSource(recorded), formats: [WEBM, OGG, MP4] });
    try {
      const output = new Output({ format: outputFormat(target), target: new BufferTarget() });
      const conversion = await Conversion.init({ input, output, audio: audioOptions(target), video: { discard: true }, showWarnings: false });
      if (!conversion.isValid) continue;
      await conversion.execute();
      const buffer = output.target.buffer;
      if (!buffer) continue;
      const { ext, mime } = TARGET_FILE[target];
      return new File([buffer], `audio-${now}.${ext}`, { type: mime });
    } finally {
      input.dispose();
    }
  }
  throw new AudioEncodeError(targets);
}

function outputFormat(target: AudioTarget) {
  switch (target) {
    case "ogg":
      return new OggOutputFormat();
    case "mp3":
      return new Mp3OutputFormat();
    case "m4a":
      return new Mp4OutputFormat();
    case "wav":
      return new WavOutputFormat();
  }
}

function audioOptions(target: AudioTarget) {
  switch (target) {
    case "ogg":
      return { codec: "opus" as const };
    case "mp3":
      return { codec: "mp3" as const, bitrate: MP3_BITRATE };
    case "m4a":
      return { codec: "aac" as const, bitrate: AAC_BITRATE };
    case "wav":
      return { codec: "pcm-s16" as const };
  }
}
