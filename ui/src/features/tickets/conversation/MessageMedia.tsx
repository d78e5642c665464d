import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import * as Dialog from "../../../components/ui/dialog";
import { AlertIcon, CameraIcon, DownloadIcon, FileIcon, MapPinIcon, MicIcon, UserIcon, VideoIcon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/spinner";
import { StartConversationButton } from "../../conversation-extras/components/StartConversationButton";
import type { MediaState, Message } from "../types";
import { AudioPlayer } from "./AudioPlayer";
import { parseLocation, parseVCard } from "./vcard";

const card = css({
  display: "flex",
  alignItems: "center",
  gap: "2",
  p: "2",
  borderRadius: "md",
  bg: "bg.subtle",
  color: "fg.default",
  textDecoration: "none",
  maxW: "64",
  minW: 0,
});
const ellipsis = css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minW: 0 });

/** A message's mediaType: image, video, audio, documents, location and contact cards, all through signed links. */
export function MessageMedia({ message }: { message: Message }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(false);
  const { mediaType, mediaUrl } = message;
  const type = mediaType ?? "";

  if (type === "locationMessage") {
    const loc = parseLocation(message.data, message.body);
    if (!loc) return null;
    return (
      <a
        className={card}
        href={`https://www.openstreetmap.org/?mlat=${loc.lat}&mlon=${loc.lng}#map=16/${loc.lat}/${loc.lng}`}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="message-location"
      >
        <MapPinIcon />
        <span>{t("tickets.media.location", { lat: loc.lat.toFixed(5), lng: loc.lng.toFixed(5) })}</span>
      </a>
    );
  }
  if (type === "contactMessage" || message.vCard) {
    const { name, numbers } = parseVCard(message.vCard ?? message.body);
    return (
      <div className={card} data-testid="message-contact">
        <UserIcon />
        <div className={css({ display: "flex", flexDirection: "column", minW: 0 })}>
          <strong className={ellipsis}>{name || t("tickets.media.contact")}</strong>
          {numbers.map((n) => (
            <span key={n} className={css({ fontSize: "xs", color: "fg.muted" })}>
              {n}
            </span>
          ))}
          <StartConversationButton name={name} number={numbers[0] ?? ""} />
        </div>
      </div>
    );
  }
  if (message.mediaState) return <MediaPending state={message.mediaState} />;
  if (!mediaUrl) return null;
  if (type === "image") {
    return (
      <>
        <button
          type="button"
          onClick={() => setZoom(true)}
          className={css({ display: "block", cursor: "zoom-in", p: "0", bg: "transparent" })}
          aria-label={t("tickets.media.openImage")}
        >
          <img
            src={mediaUrl}
            alt={message.mediaName ?? ""}
            loading="lazy"
            className={css({ maxW: "min(280px, 100%)", maxH: "72", borderRadius: "md", objectFit: "cover" })}
            data-testid="message-image"
          />
        </button>
        {zoom ? (
          <Dialog.Root open onOpenChange={(d) => setZoom(d.open)} size="lg" lazyMount unmountOnExit>
            <Dialog.Frame data-testid="image-viewer">
              <Dialog.Title>{message.mediaName || t("tickets.media.image")}</Dialog.Title>
              <img src={mediaUrl} alt={message.mediaName ?? ""} className={css({ maxW: "full", maxH: "75vh", mx: "auto", objectFit: "contain" })} />
            </Dialog.Frame>
          </Dialog.Root>
        ) : null}
      </>
    );
  }
  if (type === "video")
    return (
      // biome-ignore lint/a11y/useMediaCaption: videos sent through a chat channel carry no captions to attach.
      <video
        src={mediaUrl}
        controls
        preload="metadata"
        className={css({ maxW: "min(320px, 100%)", maxH: "72", borderRadius: "md" })}
        data-testid="message-video"
      />
    );
  if (type === "audio") return <AudioPlayer src={mediaUrl} />;
  return (
    <a className={card} href={mediaUrl} download={message.mediaName ?? true} target="_blank" rel="noopener noreferrer" data-testid="message-document">
      <FileIcon />
      <span className={ellipsis}>{message.mediaName || t("tickets.media.document")}</span>
      <DownloadIcon size={16} />
    </a>
  );
}

const KIND_ICONS = { image: CameraIcon, video: VideoIcon, audio: MicIcon, file: FileIcon } as const;

/** A file the channel sent that is still downloading, or that could not be had: its kind, and which of the two. */
function MediaPending({ state }: { state: MediaState }) {
  const { t } = useTranslation();
  const Icon = KIND_ICONS[state.kind];
  const kind = t(`tickets.media.${state.kind === "file" ? "document" : state.kind}`);
  const downloading = state.status === "downloading";
  return (
    <div
      className={cx(card, css({ color: downloading ? "fg.muted" : "fg.default" }))}
      data-testid={downloading ? "message-media-downloading" : "message-media-unavailable"}
      data-kind={state.kind}
    >
      <Icon />
      <span className={css({ minW: 0 })}>{t(downloading ? "tickets.media.downloading" : "tickets.media.unavailable", { kind })}</span>
      {downloading ? <Spinner size="sm" /> : <AlertIcon size={16} className={css({ color: "fg.error", flexShrink: 0 })} />}
    </div>
  );
}
