import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { AlertIcon, CheckCheckIcon, CheckIcon, ClockIcon } from "../../../components/ui/icons";
import type { Message } from "../types";

/** Ack 0 clock, 1 sent, 2 delivered, 3 or 4 read (played for audio), 5 read; a queued or failed send shows as such. */
export function AckIcon({ message }: { message: Pick<Message, "ack" | "sendStatus"> }) {
  const { t } = useTranslation();
  const { ack, sendStatus } = message;
  const read = ack >= 3;
  const label =
    sendStatus === "failed"
      ? t("tickets.ack.failed")
      : sendStatus === "queued" || sendStatus === "sending" || ack <= 0
        ? t("tickets.ack.pending")
        : t(`tickets.ack.ack${Math.min(ack, 5)}`);
  const icon =
    sendStatus === "failed" ? (
      <AlertIcon size={14} />
    ) : sendStatus === "queued" || sendStatus === "sending" || ack <= 0 ? (
      <ClockIcon size={14} />
    ) : ack === 1 ? (
      <CheckIcon size={14} />
    ) : (
      <CheckCheckIcon size={14} />
    );
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="message-ack"
      data-ack={sendStatus === "queued" || sendStatus === "sending" ? 0 : ack}
      className={css({ display: "inline-flex", color: sendStatus === "failed" ? "fg.error" : read ? "fg.info" : "fg.subtle" })}
    >
      {icon}
    </span>
  );
}
