import { Link, useNavigate } from "@tanstack/react-router";
import { memo, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { Avatar } from "../../../components/ui/avatar";
import { IconButton } from "../../../components/ui/button";
import { ClockIcon, MoreVerticalIcon } from "../../../components/ui/icons";
import * as Menu from "../../../components/ui/menu";
import { ColorChip } from "../../tickets/components/ColorChip";
import { cut, NAME_CUT, preview, ticketTime } from "../../tickets/format";
import type { TagRef, Ticket } from "../../tickets/types";
import { laneOf } from "../cache";
import { laneAge } from "../format";

/** A card's last message is cut at 80 characters (two lines of a column). */
const CARD_MESSAGE_CUT = 80;
/** The drag payload's type: the ticket id. */
export const DRAG_TYPE = "application/x-multi100-ticket";

const card = css({
  display: "flex",
  flexDirection: "column",
  gap: "2",
  p: "3",
  bg: "bg.default",
  borderWidth: "1px",
  borderColor: "border.muted",
  borderRadius: "md",
  boxShadow: "sm",
  cursor: "grab",
  _hover: { borderColor: "border.default" },
  "&[data-dragging]": { opacity: 0.5 },
});
const line = css({ display: "flex", alignItems: "center", gap: "2", minW: 0 });
const ellipsis = css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minW: 0 });

/**
 * A ticket on the board: contact (avatar, name), last activity, last message, time in its lane and its agent. The card
 * is dragged to another column; its "move to" menu does the same from the keyboard. A click opens the conversation.
 */
export const KanbanCard = memo(function KanbanCard({
  ticket,
  lanes,
  now,
  onMove,
}: {
  ticket: Ticket;
  /** Every column the card may go to (null: the open column). */
  lanes: (TagRef | null)[];
  now: number;
  onMove: (ticket: Ticket, lane: TagRef | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const current = laneOf(ticket);
  const since = ticket.tags.find((x) => x.kanban === 1)?.addedAt;
  const open = () => void navigate({ to: "/tickets/$ticketId", params: { ticketId: ticket.uuid } });
  const onDragStart = (e: DragEvent<HTMLElement>) => {
    e.dataTransfer.setData(DRAG_TYPE, String(ticket.id));
    e.dataTransfer.effectAllowed = "move";
    e.currentTarget.dataset.dragging = "";
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click widens the pointer target; keyboard users open the ticket through the name link and move it with the "move to" menu.
    <article
      className={card}
      draggable
      onDragStart={onDragStart}
      onDragEnd={(e) => delete e.currentTarget.dataset.dragging}
      onClick={open}
      data-testid="kanban-card"
      data-ticket-id={ticket.id}
      aria-label={ticket.contact.name}
    >
      <div className={line}>
        <Avatar name={ticket.contact.name || "?"} src={ticket.contact.urlPicture} size="sm" />
        <Link
          to="/tickets/$ticketId"
          params={{ ticketId: ticket.uuid }}
          onClick={(e) => e.stopPropagation()}
          draggable={false}
          className={cx(ellipsis, css({ flex: "1", fontWeight: "semibold", fontSize: "sm", color: "fg.default", _hover: { textDecoration: "underline" } }))}
          data-testid="kanban-card-name"
        >
          {cut(ticket.contact.name, NAME_CUT)}
        </Link>
        <time className={css({ fontSize: "xs", color: "fg.muted", flexShrink: 0 })} dateTime={ticket.updatedAt}>
          {ticketTime(ticket.updatedAt)}
        </time>
        <Menu.Frame
          trigger={
            <IconButton size="sm" aria-label={t("kanban.moveTo")} onClick={(e) => e.stopPropagation()} data-testid="kanban-card-move">
              <MoreVerticalIcon size={16} />
            </IconButton>
          }
          onSelect={(d) => {
            const lane = d.value === "open" ? null : lanes.find((l) => l && String(l.id) === d.value);
            if (lane !== undefined) onMove(ticket, lane);
          }}
          contentProps={{ "data-testid": "kanban-move-menu" }}
        >
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel>{t("kanban.moveTo")}</Menu.ItemGroupLabel>
            {lanes
              .filter((l) => (l?.id ?? null) !== current)
              .map((l) => (
                <Menu.Item key={l?.id ?? "open"} value={l ? String(l.id) : "open"} onClick={(e) => e.stopPropagation()}>
                  {l ? l.name : t("kanban.open")}
                </Menu.Item>
              ))}
          </Menu.ItemGroup>
        </Menu.Frame>
      </div>
      {ticket.lastMessage ? (
        <p className={css({ fontSize: "sm", color: "fg.muted", overflowWrap: "anywhere", lineClamp: 2 })} data-testid="kanban-card-message">
          {preview(ticket.lastMessage, CARD_MESSAGE_CUT)}
        </p>
      ) : null}
      <div className={css({ display: "flex", alignItems: "center", gap: "2", flexWrap: "wrap", fontSize: "xs", color: "fg.muted" })}>
        {since ? (
          <span className={css({ display: "inline-flex", alignItems: "center", gap: "1" })} title={t("kanban.inLane")} data-testid="kanban-card-age">
            <ClockIcon size={12} />
            {laneAge(since, now, i18n.language)}
          </span>
        ) : null}
        <span className={css({ flex: "1" })} />
        {ticket.user ? (
          <ColorChip color={ticket.user.color} data-testid="kanban-card-agent">
            {ticket.user.name}
          </ColorChip>
        ) : (
          <span data-testid="kanban-card-agent">{t("kanban.waiting")}</span>
        )}
      </div>
    </article>
  );
});
