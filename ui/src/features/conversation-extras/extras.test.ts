import { describe, expect, test } from "bun:test";
import { audioTargets, clock, recorderType } from "./audio/formats";
import { shouldNotify } from "./notifications/rules";
import { buildVCard } from "./vcard";
import { videoCallLink } from "./video-call";

test("a contact card is a vCard 3.0 with the number's digits as WhatsApp links them", () => {
  expect(buildVCard({ name: "Ana; Souza, Jr", number: "+55 (11) 98765-4321" }).split("\n")).toEqual([
    "BEGIN:VCARD",
    "VERSION:3.0",
    "N:;Ana\\; Souza\\, Jr;;;",
    "FN:Ana\\; Souza\\, Jr",
    "TEL;type=CELL;type=VOICE;waid=5511987654321:+5511987654321",
    "END:VCARD",
  ]);
});

test("the video-call link carries the company, the ticket id and part of its uuid", () => {
  const link = videoCallLink("https://meet.jit.si", 3, { id: 42, uuid: "0f8e2b6a-1c3d-4e5f-8a9b-0c1d2e3f4a5b" });
  expect(link).toBe("https://meet.jit.si/multi100-3-42-0f8e2b6a1c3d");
  expect(videoCallLink("https://meet.example.com/rooms//", 3, { id: 42, uuid: "0f8e2b6a-1c3d-4e5f-8a9b-0c1d2e3f4a5b" })).toBe(
    "https://meet.example.com/rooms/multi100-3-42-0f8e2b6a1c3d",
  );
});

describe("voice notes", () => {
  test("each channel's formats, best first", () => {
    expect(audioTargets("whatsapp")).toEqual(["ogg", "mp3"]);
    expect(audioTargets("webchat")).toEqual(["ogg", "mp3"]);
    expect(audioTargets("facebook")[0]).toBe("mp3");
    expect(audioTargets("instagram")).toEqual(["m4a", "wav"]);
    expect(audioTargets("unknown")).toEqual(["ogg", "mp3"]);
  });

  test("the recorder prefers Opus containers", () => {
    expect(recorderType(() => true)).toBe("audio/webm;codecs=opus");
    expect(recorderType((t) => t === "audio/mp4")).toBe("audio/mp4");
    expect(recorderType(() => false)).toBeUndefined();
  });

  test("the timer reads mm:ss", () => {
    expect(clock(0)).toBe("00:00");
    expect(clock(65.9)).toBe("01:05");
    expect(clock(3600)).toBe("60:00");
  });
});

describe("notifications", () => {
  const user = { id: 7, queues: [{ id: 1, name: "Sales", color: "#f00" }] };
  const ctx = { user, showPending: false, openTicketId: null, pageVisible: true };
  const msg = { fromMe: false, isPrivate: false, ticketId: 10 };
  const open = { id: 10, status: "open" as const, userId: 7, queueId: 1 };

  test("own or unassigned tickets in the user's queues", () => {
    expect(shouldNotify(msg, open, ctx)).toBe(true);
    expect(shouldNotify(msg, { ...open, userId: null }, ctx)).toBe(true);
    expect(shouldNotify(msg, { ...open, userId: 8 }, ctx)).toBe(false);
    expect(shouldNotify(msg, { ...open, queueId: 2 }, ctx)).toBe(false);
    expect(shouldNotify(msg, { ...open, queueId: null }, ctx)).toBe(true);
  });

  test("pending tickets only with showNotificationPending", () => {
    const pending = { ...open, status: "pending" as const, userId: null };
    expect(shouldNotify(msg, pending, ctx)).toBe(false);
    expect(shouldNotify(msg, pending, { ...ctx, showPending: true })).toBe(true);
  });

  test("never for our own messages, notes, or the conversation on screen", () => {
    expect(shouldNotify({ ...msg, fromMe: true }, open, ctx)).toBe(false);
    expect(shouldNotify({ ...msg, isPrivate: true }, open, ctx)).toBe(false);
    expect(shouldNotify(msg, open, { ...ctx, openTicketId: 10 })).toBe(false);
    expect(shouldNotify(msg, open, { ...ctx, openTicketId: 10, pageVisible: false })).toBe(true);
  });
});
