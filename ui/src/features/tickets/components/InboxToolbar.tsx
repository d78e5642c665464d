import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css } from "../../../../styled-system/css";
import { Button, IconButton } from "../../../components/ui/button";
import { CheckCircleIcon, CheckSquareIcon, InboxIcon, PlusIcon, SearchIcon, SortIcon } from "../../../components/ui/icons";
import { Switch } from "../../../components/ui/switch";
import { Tip } from "../../../components/ui/tooltip";
import { useCan } from "../../auth/hooks";
import { openDialog } from "../dialogs";
import { inbox, setView } from "../store";
import type { InboxView } from "../types";
import { QueueFilter } from "./QueueFilter";

const bar = css({
  display: "flex",
  alignItems: "center",
  flexWrap: "wrap",
  gap: "1",
  px: "2",
  py: "1.5",
  borderBottomWidth: "1px",
  borderColor: "border.muted",
});

/**
 * The inbox toolbar: open, closed and search views; new ticket; close all (admins); show-all (admins and
 * allUserChat); the sort toggle except on closed and search; the queue selector.
 */
export function InboxToolbar() {
  const { t } = useTranslation();
  const snap = useSnapshot(inbox);
  const canShowAll = useCan("tickets-manager:showall");
  const canCloseAll = useCan("tickets-manager:closeAll");
  const views: { id: InboxView; label: string; icon: ReactNode }[] = [
    { id: "open", label: t("tickets.views.open"), icon: <InboxIcon size={16} /> },
    { id: "closed", label: t("tickets.views.closed"), icon: <CheckCircleIcon size={16} /> },
    { id: "search", label: t("tickets.views.search"), icon: <SearchIcon size={16} /> },
  ];
  return (
    <div data-testid="inbox-toolbar">
      <div className={bar}>
        <fieldset aria-label={t("tickets.views.label")} className={css({ display: "flex", gap: "1", flex: "1", minW: 0 })}>
          {views.map((v) => (
            <Button
              key={v.id}
              size="xs"
              variant={snap.view === v.id ? "solid" : "ghost"}
              aria-pressed={snap.view === v.id}
              onClick={() => setView(v.id)}
              data-testid={`view-${v.id}`}
            >
              {v.icon}
              <span className={css({ hideBelow: "sm" })}>{v.label}</span>
            </Button>
          ))}
        </fieldset>
        <Tip label={t("tickets.toolbar.newTicket")}>
          <IconButton aria-label={t("tickets.toolbar.newTicket")} size="sm" onClick={() => openDialog({ kind: "newTicket" })} data-testid="new-ticket">
            <PlusIcon />
          </IconButton>
        </Tip>
        {canCloseAll && snap.view === "open" && snap.openTab !== "group" ? (
          <Tip label={t("tickets.toolbar.closeAll")}>
            <IconButton
              aria-label={t("tickets.toolbar.closeAll")}
              size="sm"
              onClick={() => openDialog({ kind: "closeAll", status: snap.openTab })}
              data-testid="close-all"
            >
              <CheckSquareIcon />
            </IconButton>
          </Tip>
        ) : null}
      </div>
      <div className={bar}>
        {canShowAll ? (
          <div data-testid="show-all">
            <Switch label={t("tickets.toolbar.showAll")} checked={snap.showAll} onCheckedChange={(v) => (inbox.showAll = v)} />
          </div>
        ) : null}
        <span className={css({ flex: "1" })} />
        {snap.view === "open" ? (
          <Tip label={snap.sortAsc ? t("tickets.toolbar.sortAsc") : t("tickets.toolbar.sortDesc")}>
            <IconButton
              aria-label={snap.sortAsc ? t("tickets.toolbar.sortAsc") : t("tickets.toolbar.sortDesc")}
              aria-pressed={snap.sortAsc}
              size="sm"
              onClick={() => (inbox.sortAsc = !snap.sortAsc)}
              data-testid="sort-toggle"
            >
              <SortIcon />
            </IconButton>
          </Tip>
        ) : null}
        <QueueFilter />
      </div>
    </div>
  );
}
