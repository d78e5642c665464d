import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { FileIcon } from "../../../components/ui/icons";
import { Textarea } from "../../../components/ui/input";
import { useAutosize } from "./autosize";

/** Captions take up to 5 rows. */
export const CAPTION_MAX_ROWS = 5;

function Preview({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const box = css({ maxW: "full", maxH: "48", borderRadius: "md", objectFit: "contain" });
  if (file.type.startsWith("image/")) return <img src={url} alt={file.name} className={box} />;
  // biome-ignore lint/a11y/useMediaCaption: a file the agent is about to send has no captions to attach.
  if (file.type.startsWith("video/")) return <video src={url} controls className={box} />;
  // biome-ignore lint/a11y/useMediaCaption: a file the agent is about to send has no captions to attach.
  if (file.type.startsWith("audio/")) return <audio src={url} controls className={css({ maxW: "full" })} />;
  return (
    <span className={css({ display: "flex", alignItems: "center", gap: "2", color: "fg.muted" })}>
      <FileIcon />
      {file.name}
    </span>
  );
}

function Caption({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  useAutosize(ref, value, CAPTION_MAX_ROWS);
  return (
    <Textarea
      ref={ref}
      rows={1}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t("tickets.media.caption")}
      aria-label={t("tickets.media.caption")}
      className={css({ minH: "10", resize: "none" })}
      data-testid="media-caption"
    />
  );
}

/** The media preview before sending: each file with its own caption (`captions` fills them first, e.g. a quick message's text). */
export function MediaPreviewDialog({
  files,
  captions: initial,
  onCancel,
  onSend,
  sending,
}: {
  files: File[];
  captions?: string[];
  onCancel: () => void;
  onSend: (items: { file: File; caption: string }[]) => void;
  sending: boolean;
}) {
  const { t } = useTranslation();
  const [captions, setCaptions] = useState<string[]>(() => files.map((_, i) => initial?.[i] ?? ""));
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onCancel()} lazyMount unmountOnExit>
      <Dialog.Frame data-testid="media-preview">
        <Dialog.Title>{t("tickets.media.previewTitle", { count: files.length })}</Dialog.Title>
        <div className={css({ display: "flex", flexDirection: "column", gap: "4", maxH: "60vh", overflowY: "auto" })}>
          {files.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the chosen files never change or reorder while the dialog is open and captions are kept by position, so the position is each file's identity.
            <div key={`${f.name}-${i}`} className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
              <Preview file={f} />
              <Caption value={captions[i] ?? ""} onChange={(v) => setCaptions((c) => c.map((x, j) => (j === i ? v : x)))} />
            </div>
          ))}
        </div>
        <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2" })}>
          <Button variant="outline" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
          <Button onClick={() => onSend(files.map((file, i) => ({ file, caption: captions[i] ?? "" })))} loading={sending} data-testid="media-send">
            {t("tickets.input.send")}
          </Button>
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
