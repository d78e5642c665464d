import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { InfoIcon } from "../../../components/ui/icons";
import { REPLY_WINDOW_MS, WINDOW_CHANNELS } from "../format";
import type { Message, Ticket } from "../types";

/** Social channels only accept replies within 24 hours of the contact's last message (spec 1 §2.6). */
export function WindowNotice({ ticket, messages }: { ticket: Ticket; messages: Message[] }) {
  const { t } = useTranslation();
  const channel = ticket.whatsapp?.channel ?? ticket.channel;
  if (!(WINDOW_CHANNELS as readonly string[]).includes(channel)) return null;
  const lastInbound = [...messages].reverse().find((m) => !m.fromMe && !m.isPrivate);
  const closed = !lastInbound || Date.now() - Date.parse(lastInbound.createdAt) > REPLY_WINDOW_MS;
  return (
    <div
      role="note"
      data-testid="window-notice"
      data-closed={closed || undefined}
      className={css({ display: "flex", alignItems: "center", gap: "2", px: "3", py: "1.5", fontSize: "xs", bg: closed ? "bg.warning" : "bg.info", color: closed ? "fg.warning" : "fg.info" })}
    >
      <InfoIcon size={14} />
      {closed ? t("tickets.window.closed") : t("tickets.window.open")}
    </div>
  );
}
