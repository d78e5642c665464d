import { memo } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { stripMarks } from "../../../../../src/channels/marks";
import { Button } from "../../../components/ui/button";
import { LockIcon } from "../../../components/ui/icons";
import { ForwardCheckbox } from "../../conversation-extras/components/Forwarding";
import { hhmm } from "../format";
import { useRetryMessage } from "../queries";
import type { Capabilities } from "../hooks/useChannelCapabilities";
import type { Message } from "../types";
import { AckIcon } from "./AckIcon";
import { MessageMedia } from "./MessageMedia";
import { MessageMenu } from "./MessageMenu";
import { MessageText } from "./MessageText";
import { ReactButton, ReactionChips } from "./Reactions";

const bubble = css({
  position: "relative",
  maxW: { base: "85%", md: "70%" },
  minW: "24",
  px: "3",
  py: "2",
  borderRadius: "lg",
  boxShadow: "sm",
  display: "flex",
  flexDirection: "column",
  gap: "1",
  fontSize: "sm",
  overflowWrap: "anywhere",
});
const tones = {
  theirs: css({ bg: "bg.default", color: "fg.default", borderTopLeftRadius: "sm" }),
  mine: css({ bg: "accent.subtle", color: "fg.default", borderTopRightRadius: "sm" }),
  private: css({ bg: "bg.warning", color: "fg.default", borderWidth: "1px", borderStyle: "dashed", borderColor: "fg.warning", borderTopRightRadius: "sm" }),
};
const tools = css({
  display: "flex",
  alignItems: "center",
  opacity: 0,
  transition: "opacity 0.15s",
  ".group:hover &, .group:focus-within &": { opacity: 1 },
  "@media (hover: none)": { opacity: 1 },
});

function Quoted({ quoted }: { quoted: NonNullable<Message["quotedMsg"]> }) {
  const { t } = useTranslation();
  const jump = () => document.querySelector(`[data-message-id="${quoted.id}"]`)?.scrollIntoView({ block: "center", behavior: "smooth" });
  return (
    <button
      type="button"
      onClick={jump}
      data-testid="message-quoted"
      className={css({
        textAlign: "left",
        borderLeftWidth: "3px",
        borderColor: "accent.default",
        bg: "bg.subtle",
        borderRadius: "sm",
        px: "2",
        py: "1",
        fontSize: "xs",
        color: "fg.muted",
        cursor: "pointer",
        maxH: "16",
        overflow: "hidden",
      })}
    >
      <strong className={css({ display: "block", color: "fg.default" })}>
        {quoted.fromMe ? t("tickets.message.you") : quoted.senderName || t("tickets.message.contact")}
      </strong>
      {quoted.isDeleted
        ? t("tickets.message.deleted")
        : stripMarks(quoted.body) ||
          t(`tickets.media.${quoted.mediaType === "image" || quoted.mediaType === "audio" || quoted.mediaType === "video" ? quoted.mediaType : "document"}`)}
    </button>
  );
}

/** One message: quoted message, media, text, edited and deleted marks, time, ack, reactions; private notes apart; a failed send with its error and a retry. */
export const MessageBubble = memo(function MessageBubble({
  message,
  canSend,
  caps,
  showSender,
}: {
  message: Message;
  canSend: boolean;
  caps: Capabilities;
  showSender: boolean;
}) {
  const { t } = useTranslation();
  const retry = useRetryMessage();
  const m = message;
  const mine = m.fromMe || m.isPrivate;
  const tone = m.isPrivate ? tones.private : m.fromMe ? tones.mine : tones.theirs;
  const failed = m.sendStatus === "failed";
  const caption = m.body && m.body !== m.mediaName && m.mediaType !== "contactMessage" && m.mediaType !== "locationMessage" ? m.body : "";
  return (
    <div
      className={cx(
        "group",
        css({ display: "flex", flexDirection: "column", alignItems: mine ? "flex-end" : "flex-start", gap: "1", px: { base: "2", sm: "4" }, py: "0.5" }),
      )}
      data-testid="message"
      data-message-id={m.id}
      data-from-me={m.fromMe}
      data-private={m.isPrivate || undefined}
      data-deleted={m.isDeleted || undefined}
    >
      <div className={css({ display: "flex", alignItems: "flex-start", gap: "1", flexDirection: mine ? "row-reverse" : "row", maxW: "full", minW: 0 })}>
        <ForwardCheckbox message={m} />
        <div className={cx(bubble, tone)}>
          {m.isPrivate ? (
            <span
              className={css({ display: "inline-flex", alignItems: "center", gap: "1", fontSize: "xs", fontWeight: "semibold", color: "fg.warning" })}
              data-testid="private-label"
            >
              <LockIcon size={12} />
              {t("tickets.message.privateNote")}
            </span>
          ) : null}
          {showSender && (m.senderName || m.contact?.name || m.user?.name) ? (
            <span className={css({ fontSize: "xs", fontWeight: "semibold", color: "accent.text" })}>
              {m.fromMe ? m.user?.name : m.senderName || m.contact?.name}
            </span>
          ) : null}
          {m.quotedMsg ? <Quoted quoted={m.quotedMsg} /> : null}
          {m.isDeleted ? (
            <em className={css({ color: "fg.muted" })} data-testid="message-deleted">
              {t("tickets.message.deleted")}
            </em>
          ) : (
            <>
              <MessageMedia message={m} />
              {caption || (!m.mediaUrl && !m.mediaType && m.body) ? <MessageText body={caption || m.body} isPrivate={m.isPrivate} /> : null}
            </>
          )}
          <span className={css({ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: "1", fontSize: "2xs", color: "fg.muted" })}>
            {m.isEdited && !m.isDeleted ? <span data-testid="message-edited">{t("tickets.message.edited")}</span> : null}
            <time dateTime={m.createdAt}>{hhmm(new Date(m.createdAt))}</time>
            {m.fromMe && !m.isPrivate ? <AckIcon message={m} /> : null}
          </span>
        </div>
        <div className={tools}>
          {/* Reactions travel on the channel: only its messages, when it can carry them, in a ticket one may write in. */}
          {caps.react && canSend && !m.isDeleted && !m.isPrivate && m.sendStatus !== "queued" && m.sendStatus !== "sending" && m.sendStatus !== "failed" ? (
            <ReactButton messageId={m.id} />
          ) : null}
          <MessageMenu message={m} canReply={canSend} caps={caps} />
        </div>
      </div>
      <ReactionChips reactions={m.reactions ?? []} />
      {failed ? (
        <div
          className={css({ display: "flex", alignItems: "center", gap: "2", fontSize: "xs", color: "fg.error", flexWrap: "wrap", justifyContent: "flex-end" })}
          role="alert"
          data-testid="message-failed"
        >
          <span>{t(`tickets.sendErrors.${m.errorCode ?? "UNKNOWN"}`, { defaultValue: m.errorMessage || t("tickets.sendErrors.UNKNOWN") })}</span>
          <Button size="xs" variant="outline" onClick={() => retry.mutate(m.id)} loading={retry.isPending} disabled={!canSend} data-testid="message-retry">
            {t("tickets.message.retry")}
          </Button>
        </div>
      ) : null}
    </div>
  );
});
