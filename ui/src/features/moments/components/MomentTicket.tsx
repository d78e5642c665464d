import { Link } from "@tanstack/react-router";
import { memo } from "react";
import { css, cx } from "../../../../styled-system/css";
import { Avatar } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { ColorChip } from "../../tickets/components/ColorChip";
import { ticketTime } from "../../tickets/format";
import { momentMessage, momentName } from "../format";
import type { Moment } from "../types";

const row = css({
  display: "grid",
  gridTemplateColumns: "auto 1fr auto",
  alignItems: "center",
  columnGap: "2",
  rowGap: "0.5",
  px: "2",
  py: "2",
  borderRadius: "md",
  color: "fg.default",
  textDecoration: "none",
});
const openable = css({ cursor: "pointer", _hover: { bg: "bg.muted" }, _focusVisible: { outline: "2px solid", outlineColor: "accent.default" } });
const ellipsis = css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minW: 0 });
const name = css({ fontWeight: "semibold", fontSize: "sm" });
const muted = css({ fontSize: "xs", color: "fg.muted" });
const meta = css({ gridColumn: "2 / 4", display: "flex", alignItems: "center", gap: "2", minW: 0 });

/**
 * One ticket of the panel: the contact (avatar, name cut at 25 past 30 characters), the time of its last activity, its
 * last message (cut at 27), its queue and unread count. It opens the conversation when the viewer may (`open`).
 */
export const MomentTicket = memo(function MomentTicket({ moment, open }: { moment: Moment; open: boolean }) {
  const body = (
    <>
      <span className={css({ gridRow: "1 / 3" })}>
        <Avatar name={moment.contact.name || "?"} src={moment.contact.urlPicture} size="sm" />
      </span>
      <span className={cx(ellipsis, name)} data-testid="moment-contact" title={moment.contact.name}>
        {momentName(moment.contact.name)}
      </span>
      <time className={muted} dateTime={moment.updatedAt} data-testid="moment-time">
        {ticketTime(moment.updatedAt)}
      </time>
      <span className={meta}>
        <span className={cx(ellipsis, muted, css({ flex: "1" }))} data-testid="moment-message">
          {momentMessage(moment.lastMessage)}
        </span>
        {moment.queue ? <ColorChip color={moment.queue.color}>{moment.queue.name}</ColorChip> : null}
        {moment.unreadMessages > 0 ? (
          <Badge tone="success" data-testid="moment-unread">
            {moment.unreadMessages}
          </Badge>
        ) : null}
      </span>
    </>
  );
  const attrs = { "data-testid": "moment-ticket", "data-ticket-id": String(moment.id), "data-openable": String(open) };
  return open ? (
    <Link to="/tickets/$ticketId" params={{ ticketId: moment.uuid }} className={cx(row, openable)} {...attrs}>
      {body}
    </Link>
  ) : (
    <div className={row} {...attrs}>
      {body}
    </div>
  );
});
