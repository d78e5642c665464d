import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button, IconButton } from "../../../components/ui/button";
import { CheckCircleIcon, EyeOffIcon, UndoIcon } from "../../../components/ui/icons";
import { Tip } from "../../../components/ui/tooltip";
import { useCan } from "../../auth/hooks";
import { useTicketActions } from "../hooks/useTicketActions";
import { isLiveStatus, isPendingStatus, type Ticket } from "../types";

/**
 * The list item's buttons by status and role: accept, close and ignore on pending (close with
 * showDashboard or admin, ignore with userClosePendingTicket or admin), return and close on open and group, reopen on closed.
 */
export function TicketItemButtons({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const actions = useTicketActions();
  const closePending = useCan("tickets-manager:closePending");
  const ignorePending = useCan("tickets-manager:ignorePending");
  const s = ticket.status;
  const pending = isPendingStatus(s);
  const live = isLiveStatus(s);

  const icon = (label: string, testId: string, onClick: () => void, children: ReactNode) => (
    <Tip label={label}>
      <IconButton aria-label={label} size="xs" onClick={onClick} disabled={actions.pending} data-testid={testId}>
        {children}
      </IconButton>
    </Tip>
  );

  if (!pending && !live && s !== "closed") return null;
  return (
    // The row opens the ticket; a button does its own job only.
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: this handler only keeps a button's click from reaching the row; the buttons inside are the interactive elements.
    <div
      onClick={(e) => e.stopPropagation()}
      className={css({ display: "flex", justifyContent: "flex-end", alignItems: "center", gap: "1", flexShrink: 0, "& svg": { w: "4!", h: "4!" } })}
    >
      {live ? icon(t("tickets.actions.return"), "ticket-return", () => void actions.returnToQueue(ticket), <UndoIcon />) : null}
      {pending && ignorePending ? icon(t("tickets.actions.ignore"), "ticket-ignore", () => void actions.ignore(ticket), <EyeOffIcon />) : null}
      {live || (pending && closePending) ? icon(t("tickets.actions.resolve"), "ticket-resolve", () => actions.resolve(ticket), <CheckCircleIcon />) : null}
      {s === "closed" ? (
        <Button size="xs" variant="outline" onClick={() => void actions.reopen(ticket)} disabled={actions.pending} data-testid="ticket-reopen">
          {t("tickets.actions.reopen")}
        </Button>
      ) : null}
      {pending ? (
        <Button size="xs" onClick={() => void actions.accept(ticket)} disabled={actions.pending} data-testid="ticket-accept">
          {t("tickets.actions.accept")}
        </Button>
      ) : null}
    </div>
  );
}
