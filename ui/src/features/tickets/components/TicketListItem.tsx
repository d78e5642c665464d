import { Link, useNavigate } from "@tanstack/react-router";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { Avatar } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { useSessionUser } from "../../auth/hooks";
import { isAdmin } from "../../auth/permissions";
import { cut, LAST_MESSAGE_CUT, NAME_CUT, preview, ratingEmoji, ticketTime } from "../format";
import { setMobileTab } from "../store";
import type { Ticket } from "../types";
import { ColorChip } from "./ColorChip";
import { TicketItemButtons } from "./TicketItemButtons";

const row = css({
  position: "relative",
  display: "flex",
  gap: "3",
  pl: "3.5",
  pr: "3",
  py: "2.5",
  borderBottomWidth: "1px",
  borderColor: "border.muted",
  cursor: "pointer",
  _hover: { bg: "bg.subtle" },
  "&[data-active]": { bg: "accent.subtle" },
});
const line = css({ display: "flex", alignItems: "center", gap: "2", minW: 0 });
const ellipsis = css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minW: 0 });

/**
 * One ticket of the inbox: contact, last message, queue, user (admins), tags, unread count, channel,
 * time, rating, and the buttons its status and role allow. The whole row opens the ticket; the name is its link.
 */
export const TicketListItem = memo(function TicketListItem({ ticket, active }: { ticket: Ticket; active: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const rating = ratingEmoji(ticket.userRating?.rate);
  const channel = ticket.whatsapp?.channel ?? ticket.channel;
  const open = () => {
    setMobileTab("ticket");
    void navigate({ to: "/tickets/$ticketId", params: { ticketId: ticket.uuid } });
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the row click only widens the pointer target; keyboard and screen-reader users open the ticket through the name link inside the row.
    <div className={row} onClick={open} data-active={active || undefined} data-testid="ticket-item" data-ticket-id={ticket.id} data-status={ticket.status}>
      <span
        aria-hidden
        className={css({ position: "absolute", left: "0", top: "0", bottom: "0", w: "1" })}
        style={{ background: ticket.queue?.color ?? "transparent" }}
      />
      <Avatar name={ticket.contact.name || "?"} src={ticket.contact.urlPicture} />
      <div className={css({ flex: "1", minW: 0, display: "flex", flexDirection: "column", gap: "1" })}>
        <div className={line}>
          <Link
            to="/tickets/$ticketId"
            params={{ ticketId: ticket.uuid }}
            onClick={(e) => {
              e.stopPropagation();
              setMobileTab("ticket");
            }}
            className={cx(ellipsis, css({ fontWeight: "semibold", flex: "1", color: "fg.default", textDecoration: "none" }))}
            title={ticket.contact.name}
            data-testid="ticket-link"
          >
            {cut(ticket.contact.name, NAME_CUT)}
          </Link>
          {rating ? (
            <span role="img" aria-label={t("tickets.item.rating", { rate: ticket.userRating?.rate })} data-testid="ticket-rating">
              {rating}
            </span>
          ) : null}
          <time className={css({ fontSize: "xs", color: "fg.muted", flexShrink: 0 })} dateTime={ticket.updatedAt} data-testid="ticket-time">
            {ticketTime(ticket.updatedAt)}
          </time>
        </div>
        <div className={line}>
          <span className={cx(ellipsis, css({ flex: "1", fontSize: "sm", color: "fg.muted" }))} data-testid="ticket-last-message">
            {preview(ticket.lastMessage, LAST_MESSAGE_CUT)}
          </span>
          {ticket.unreadMessages > 0 ? (
            <Badge tone="accent" aria-label={t("tickets.item.unread", { count: ticket.unreadMessages })} data-testid="ticket-unread">
              {ticket.unreadMessages}
            </Badge>
          ) : null}
        </div>
        <div className={css({ display: "flex", alignItems: "center", gap: "1", minH: "7" })}>
          <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "1", flex: "1", minW: 0 })}>
            <span className={css({ fontSize: "2xs", color: "fg.muted", fontWeight: "medium" })} data-testid="ticket-channel">
              {t(`tickets.channels.${channel}`, { defaultValue: channel })}
            </span>
            <ColorChip color={ticket.queue?.color} data-testid="ticket-queue">
              {ticket.queue?.name ?? t("tickets.item.noQueue")}
            </ColorChip>
            {isAdmin(user) && ticket.user ? (
              <ColorChip color={ticket.user.color} data-testid="ticket-user">
                {ticket.user.name}
              </ColorChip>
            ) : null}
            {ticket.tags.map((tag) => (
              <ColorChip key={tag.id} color={tag.color} data-testid="ticket-tag">
                {tag.name}
              </ColorChip>
            ))}
          </div>
          <TicketItemButtons ticket={ticket} />
        </div>
      </div>
    </div>
  );
});
