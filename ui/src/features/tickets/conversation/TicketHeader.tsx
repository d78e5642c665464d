import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { button } from "../../../../styled-system/recipes";
import { Avatar } from "../../../components/ui/avatar";
import { Button, IconButton } from "../../../components/ui/button";
import { CheckCircleIcon, ChevronLeftIcon, MoreVerticalIcon, TransferIcon, TrashIcon, UndoIcon } from "../../../components/ui/icons";
import * as Menu from "../../../components/ui/menu";
import { useCan } from "../../auth/hooks";
import { HeaderExtrasItems } from "../../conversation-extras/components/ExtrasMenus";
import { cut, NAME_CUT } from "../format";
import { useTicketActions } from "../hooks/useTicketActions";
import { isLiveStatus, isPendingStatus, type Ticket } from "../types";

/**
 * The conversation header: back to /tickets, contact name and ticket id (opens the contact drawer),
 * the assigned user, and the actions of the ticket's status — accept, return, resolve, reopen, transfer, delete.
 */
export function TicketHeader({ ticket, onContact }: { ticket: Ticket; onContact: () => void }) {
  const { t } = useTranslation();
  const actions = useTicketActions();
  const canDelete = useCan("ticket-options:deleteTicket");
  const closePending = useCan("tickets-manager:closePending");
  const s = ticket.status;
  const live = isLiveStatus(s);
  const pending = isPendingStatus(s);
  const hasMenu = live || pending || canDelete;
  return (
    <header
      className={css({
        display: "flex",
        alignItems: "center",
        gap: "2",
        px: "2",
        py: "2",
        minH: "14",
        borderBottomWidth: "1px",
        borderColor: "border.muted",
        bg: "bg.default",
      })}
      data-testid="ticket-header"
    >
      <Link to="/tickets" aria-label={t("tickets.header.back")} className={button({ variant: "ghost", size: "sm", icon: true })} data-testid="ticket-back">
        <ChevronLeftIcon />
      </Link>
      <button
        type="button"
        onClick={onContact}
        className={css({
          display: "flex",
          alignItems: "center",
          gap: "2",
          flex: "1",
          minW: 0,
          textAlign: "left",
          cursor: "pointer",
          bg: "transparent",
          borderRadius: "md",
          p: "1",
          _hover: { bg: "bg.subtle" },
        })}
        data-testid="ticket-contact"
      >
        <Avatar name={ticket.contact.name || "?"} src={ticket.contact.urlPicture} size="sm" />
        <span className={css({ display: "flex", flexDirection: "column", minW: 0 })}>
          <span className={css({ fontWeight: "semibold", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })} data-testid="ticket-title">
            {cut(ticket.contact.name, NAME_CUT)} <span className={css({ color: "fg.muted", fontWeight: "normal" })}>{`#${ticket.id}`}</span>
          </span>
          <span
            className={css({ fontSize: "xs", color: "fg.muted", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })}
            data-testid="ticket-assignee"
          >
            {ticket.user ? t("tickets.header.assignedTo", { name: ticket.user.name }) : t("tickets.header.unassigned")}
            {ticket.queue ? ` · ${ticket.queue.name}` : ""}
          </span>
        </span>
      </button>
      <div className={css({ display: "flex", alignItems: "center", gap: "1", flexShrink: 0 })}>
        {pending ? (
          <Button size="sm" onClick={() => void actions.accept(ticket)} disabled={actions.pending} data-testid="header-accept">
            {t("tickets.actions.accept")}
          </Button>
        ) : null}
        {live ? (
          <Button size="sm" variant="outline" onClick={() => actions.resolve(ticket)} disabled={actions.pending} data-testid="header-resolve">
            <CheckCircleIcon size={16} />
            <span className={css({ hideBelow: "md" })}>{t("tickets.actions.resolve")}</span>
          </Button>
        ) : null}
        {s === "closed" ? (
          <Button size="sm" onClick={() => void actions.reopen(ticket)} disabled={actions.pending} data-testid="header-reopen">
            {t("tickets.actions.reopen")}
          </Button>
        ) : null}
        <Menu.Frame
          positioning={{ placement: "bottom-end" }}
          lazyMount
          unmountOnExit
          trigger={
            <IconButton aria-label={t("tickets.header.more")} size="sm" data-testid="header-menu">
              <MoreVerticalIcon />
            </IconButton>
          }
        >
          {live ? (
            <Menu.Item value="return" onSelect={() => void actions.returnToQueue(ticket)} data-testid="header-return">
              <UndoIcon />
              {t("tickets.actions.return")}
            </Menu.Item>
          ) : null}
          {live || pending ? (
            <Menu.Item value="transfer" onSelect={() => actions.transfer(ticket)} data-testid="header-transfer">
              <TransferIcon />
              {t("tickets.actions.transfer")}
            </Menu.Item>
          ) : null}
          {pending && closePending ? (
            <Menu.Item value="resolve" onSelect={() => actions.resolve(ticket)} data-testid="header-resolve-pending">
              <CheckCircleIcon />
              {t("tickets.actions.resolve")}
            </Menu.Item>
          ) : null}
          {canDelete ? (
            <Menu.Item value="delete" onSelect={() => actions.remove(ticket)} data-testid="header-delete">
              <TrashIcon />
              {t("tickets.actions.delete")}
            </Menu.Item>
          ) : null}
          {hasMenu ? <Menu.Separator /> : null}
          <HeaderExtrasItems ticket={ticket} />
        </Menu.Frame>
      </div>
    </header>
  );
}
