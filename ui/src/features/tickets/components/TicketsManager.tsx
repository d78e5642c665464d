import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css } from "../../../../styled-system/css";
import { useSessionUser } from "../../auth/hooks";
import { useListParams } from "../hooks/useInboxParams";
import { inbox } from "../store";
import { InboxToolbar } from "./InboxToolbar";
import { OpenTabs } from "./OpenTabs";
import { SearchPanel } from "./SearchPanel";
import { TabTitleCounter } from "./TabTitleCounter";
import { TicketsList } from "./TicketsList";

/** The tickets panel: toolbar, then the open tabs, the closed list or the search. */
export function TicketsManager() {
  const { t } = useTranslation();
  const { view } = useSnapshot(inbox);
  const user = useSessionUser();
  const closed = useListParams("closed");
  return (
    <div className={css({ display: "flex", flexDirection: "column", h: "full", minH: 0, bg: "bg.default" })} data-testid="tickets-manager">
      <TabTitleCounter withGroups={!!user?.allowGroup} />
      <InboxToolbar />
      {view === "open" ? <OpenTabs /> : null}
      {view === "closed" ? <TicketsList params={closed} emptyText={t("tickets.empty.closed")} testId="list-closed" /> : null}
      {view === "search" ? <SearchPanel /> : null}
    </div>
  );
}
