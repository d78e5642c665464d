/**
 * The notification chime, synthesised once as a small WAV (two short tones) so no audio file has to ship. Played
 * through an <audio> element at the top bar's volume.
 */
const RATE = 22_050;
let url: string | null = null;

function chime(): string {
  if (url) return url;
  const tones = [
    { freq: 880, ms: 120 },
    { freq: 1318.5, ms: 180 },
  ];
  const total = tones.reduce((n, tone) => n + Math.round((RATE * tone.ms) / 1000), 0);
  const view = new DataView(new ArrayBuffer(44 + total * 2));
  const ascii = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + total * 2, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, total * 2, true);
  let at = 44;
  for (const tone of tones) {
    const n = Math.round((RATE * tone.ms) / 1000);
    for (let i = 0; i < n; i++) {
      const envelope = Math.min(1, i / 200, (n - i) / 600); // no clicks at the edges
      view.setInt16(at, Math.round(Math.sin((2 * Math.PI * tone.freq * i) / RATE) * envelope * 0.5 * 32767), true);
      at += 2;
    }
  }
  url = URL.createObjectURL(new Blob([view.buffer], { type: "audio/wav" }));
  return url;
}

/** Plays the chime at `volume` (0 to 1); silent at 0. Autoplay refusals are only logged. */
export function playChime(volume: number) {
  if (volume <= 0) return;
  const audio = new Audio(chime());
  audio.volume = Math.min(1, volume);
  audio.play().catch((err) => console.warn("notification sound not played", err));
}
