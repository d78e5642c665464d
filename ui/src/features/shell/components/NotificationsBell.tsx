import { Portal } from "@ark-ui/react/portal";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { keys } from "../../../api/keys";
import { Avatar } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { IconButton } from "../../../components/ui/button";
import { BellIcon } from "../../../components/ui/icons";
import * as Popover from "../../../components/ui/popover";
import { Tip } from "../../../components/ui/tooltip";
import { onSocketEvent } from "../../../realtime/socket";
import { useSessionUser } from "../../auth/hooks";
import { cut, LAST_MESSAGE_CUT, NAME_CUT, preview } from "../../tickets/format";
import { unreadTicketsQuery } from "../../tickets/queries";
import { setMobileTab } from "../../tickets/store";
import type { Ticket } from "../../tickets/types";

const TRIGGER_ID = "notifications-trigger";

/** Frames within this window are one burst: the bell's list is read again once, after it. */
const REFRESH_DELAY_MS = 300;

/** The server decides which tickets are unread for this user: every ticket or message frame has the list read again. */
function useUnreadTickets() {
  const qc = useQueryClient();
  const companyId = useSessionUser()?.companyId;
  useEffect(() => {
    if (!companyId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void qc.invalidateQueries({ queryKey: keys.tickets.unread }), REFRESH_DELAY_MS);
    };
    const offs = [onSocketEvent(`company-${companyId}-ticket`, refresh), onSocketEvent(`company-${companyId}-appMessage`, refresh)];
    return () => {
      clearTimeout(timer);
      for (const off of offs) off();
    };
  }, [qc, companyId]);
  return useQuery(unreadTicketsQuery);
}

const item = css({
  display: "flex",
  alignItems: "center",
  gap: "3",
  w: "full",
  px: "2",
  py: "2",
  borderRadius: "md",
  textAlign: "left",
  cursor: "pointer",
  bg: "transparent",
  _hover: { bg: "bg.subtle" },
  _focusVisible: { outline: "2px solid", outlineColor: "accent.default" },
});
const ellipsis = css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minW: 0 });

/**
 * The top bar's bell: the tickets of the user's own view with unread messages, newest first, with a count on the bell;
 * a click opens the conversation.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const q = useUnreadTickets();
  const tickets = q.data?.tickets ?? [];
  const count = q.data?.count ?? 0;
  const label = count ? t("shell.unreadTickets", { count }) : t("shell.notifications");
  const openTicket = (ticket: Ticket) => {
    setOpen(false);
    setMobileTab("ticket");
    void navigate({ to: "/tickets/$ticketId", params: { ticketId: ticket.uuid } });
  };
  return (
    <Popover.Root open={open} onOpenChange={(d) => setOpen(d.open)} positioning={{ placement: "bottom-end" }} ids={{ trigger: TRIGGER_ID }}>
      <Tip label={label} triggerId={TRIGGER_ID}>
        <Popover.Trigger asChild>
          <IconButton aria-label={label} data-testid="notifications-button" className={css({ position: "relative" })}>
            <BellIcon />
            {count ? (
              <span
                data-testid="notifications-count"
                className={css({
                  position: "absolute",
                  top: "0.5",
                  right: "0.5",
                  display: "flex",
                  alignItems: "center",
                  justifyContent: "center",
                  minW: "4",
                  h: "4",
                  px: "1",
                  borderRadius: "full",
                  bg: "status.danger",
                  color: "status.dangerFg",
                  fontSize: "xs",
                  fontWeight: "bold",
                  lineHeight: "1",
                })}
              >
                {count > 99 ? "99+" : count}
              </span>
            ) : null}
          </IconButton>
        </Popover.Trigger>
      </Tip>
      <Portal>
        <Popover.Positioner>
          <Popover.Content data-testid="notifications-popover" className={css({ w: "sm", maxW: "calc(100vw - 16px)" })}>
            <Popover.Title>{t("shell.notifications")}</Popover.Title>
            {tickets.length ? (
              <ul className={css({ display: "flex", flexDirection: "column", maxH: "80", overflowY: "auto", mx: "-2" })}>
                {tickets.map((ticket) => (
                  <li key={ticket.id}>
                    <button type="button" className={item} onClick={() => openTicket(ticket)} data-testid="notification-ticket">
                      <Avatar name={ticket.contact.name || "?"} src={ticket.contact.urlPicture} size="sm" />
                      <span className={css({ display: "flex", flexDirection: "column", flex: "1", minW: 0 })}>
                        <span className={cx(ellipsis, css({ fontWeight: "semibold", fontSize: "sm" }))}>{cut(ticket.contact.name, NAME_CUT)}</span>
                        <span className={cx(ellipsis, css({ fontSize: "xs", color: "fg.muted" }))}>{preview(ticket.lastMessage, LAST_MESSAGE_CUT)}</span>
                      </span>
                      <Badge tone="accent" aria-label={t("tickets.item.unread", { count: ticket.unreadMessages })}>
                        {ticket.unreadMessages}
                      </Badge>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <Popover.Description>{t("shell.noNotifications")}</Popover.Description>
            )}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
