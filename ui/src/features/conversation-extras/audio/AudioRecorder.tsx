import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css } from "../../../../styled-system/css";
import { toastError } from "../../../api/errors";
import { IconButton } from "../../../components/ui/button";
import { CheckIcon, MicIcon, XIcon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { useSendMedia } from "../../tickets/queries";
import type { Ticket } from "../../tickets/types";
import { extras, setRecorderState } from "../store";
import { clock, MIN_RECORDING_BYTES, recorderType } from "./formats";

interface Recording {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  startedAt: number;
  /** false: stopped by cancel (or leaving the ticket), nothing is sent. */
  keep: boolean;
}

/**
 * The voice-note control of the input bar: idle (microphone button), recording (cancel, mm:ss timer,
 * send) and sending. A recording under 10000 bytes is discarded; the rest is encoded for the ticket's channel in the
 * browser (encode.ts) and sent as one media message.
 */
export function AudioRecorder({ ticket, disabled }: { ticket: Pick<Ticket, "id" | "channel">; disabled?: boolean }) {
  const { t } = useTranslation();
  const { recorder: state } = useSnapshot(extras);
  const send = useSendMedia(ticket.id);
  const current = useRef<Recording | null>(null);
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    if (state !== "recording") return;
    const id = setInterval(() => current.current && setElapsed((Date.now() - current.current.startedAt) / 1000), 250);
    return () => clearInterval(id);
  }, [state]);

  // Leaving the ticket (or the screen) drops an unfinished recording and frees the microphone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ticket id is listed so that switching tickets runs the cleanup; the cleanup itself reads only the ref.
  useEffect(
    () => () => {
      const rec = current.current;
      if (!rec) return;
      rec.keep = false;
      if (rec.recorder.state !== "inactive") rec.recorder.stop();
      for (const track of rec.stream.getTracks()) track.stop();
      current.current = null;
      setRecorderState("idle");
    },
    [ticket.id],
  );

  async function start() {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      console.error("microphone unavailable", err);
      toast.error(t("extras.audio.permissionDenied"));
      return;
    }
    const type = recorderType((mime) => MediaRecorder.isTypeSupported(mime));
    const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const rec: Recording = { recorder, stream, chunks: [], startedAt: Date.now(), keep: true };
    recorder.ondataavailable = (e) => e.data.size && rec.chunks.push(e.data);
    recorder.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      if (current.current === rec) current.current = null;
      if (rec.keep) void finish(new Blob(rec.chunks, { type: recorder.mimeType }));
      else setRecorderState("idle");
    };
    current.current = rec;
    setElapsed(0);
    recorder.start();
    setRecorderState("recording");
  }

  function stop(keep: boolean) {
    const rec = current.current;
    if (!rec) return;
    rec.keep = keep;
    if (keep) setRecorderState("sending");
    rec.recorder.stop();
  }

  async function finish(recorded: Blob) {
    if (recorded.size < MIN_RECORDING_BYTES) {
      toast.warning(t("extras.audio.tooShort"));
      setRecorderState("idle");
      return;
    }
    setRecorderState("sending");
    try {
      const { encodeVoiceNote } = await import("./encode");
      const file = await encodeVoiceNote(recorded, ticket.channel);
      await send.mutateAsync({ file, caption: "", isPrivate: false });
    } catch (err) {
      if (err instanceof Error && err.name === "AudioEncodeError") {
        console.error(err);
        toast.error(t("extras.audio.encodeFailed"));
      } else toastError(err);
    } finally {
      setRecorderState("idle");
    }
  }

  if (state === "sending") {
    return (
      <span
        data-testid="extras-audio-sending"
        aria-live="polite"
        className={css({ display: "inline-flex", alignItems: "center", gap: "2", px: "2", fontSize: "sm", color: "fg.muted" })}
      >
        <Spinner size="sm" />
        {t("extras.audio.sending")}
      </span>
    );
  }
  if (state === "recording") {
    return (
      <span className={css({ display: "inline-flex", alignItems: "center", gap: "1" })}>
        <IconButton aria-label={t("extras.audio.cancel")} data-testid="extras-audio-cancel" onClick={() => stop(false)}>
          <XIcon />
        </IconButton>
        <span
          data-testid="extras-audio-timer"
          role="timer"
          className={css({
            display: "inline-flex",
            alignItems: "center",
            gap: "1.5",
            fontVariantNumeric: "tabular-nums",
            fontSize: "sm",
            color: "fg.default",
            px: "1",
          })}
        >
          <span
            aria-hidden
            className={css({ w: "2", h: "2", borderRadius: "full", bg: "status.danger", animation: "fadeIn 0.8s ease-in-out infinite alternate" })}
          />
          {clock(elapsed)}
        </span>
        <IconButton aria-label={t("extras.audio.send")} data-testid="extras-audio-send" onClick={() => stop(true)}>
          <CheckIcon />
        </IconButton>
      </span>
    );
  }
  return (
    <IconButton aria-label={t("extras.audio.record")} data-testid="extras-audio-record" disabled={disabled} onClick={() => void start()}>
      <MicIcon />
    </IconButton>
  );
}
