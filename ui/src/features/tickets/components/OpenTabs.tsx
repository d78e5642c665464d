import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css } from "../../../../styled-system/css";
import { Badge } from "../../../components/ui/badge";
import * as Tabs from "../../../components/ui/tabs";
import { useSessionUser } from "../../auth/hooks";
import { useListParams } from "../hooks/useInboxParams";
import { ticketsListQuery } from "../queries";
import { inbox } from "../store";
import type { OpenTab, TicketListParams } from "../types";
import { TicketsList } from "./TicketsList";

function Count({ params }: { params: TicketListParams }) {
  const q = useInfiniteQuery(ticketsListQuery(params));
  const n = q.data?.pages[0]?.count;
  return n ? (
    <Badge tone="neutral" data-testid="tab-count">
      {n}
    </Badge>
  ) : null;
}

/** The open view: open (assigned), pending (waiting) and group (allowGroup only) lists, all kept live. */
export function OpenTabs() {
  const { t } = useTranslation();
  const snap = useSnapshot(inbox);
  const user = useSessionUser();
  const params: Record<OpenTab, TicketListParams> = {
    open: useListParams("open"),
    pending: useListParams("pending"),
    group: useListParams("group"),
  };
  const tabs: OpenTab[] = user?.allowGroup ? ["open", "pending", "group"] : ["open", "pending"];
  return (
    <div className={css({ display: "flex", flexDirection: "column", flex: "1", minH: 0 })}>
      <Tabs.Root value={snap.openTab} onValueChange={(d) => (inbox.openTab = d.value as OpenTab)}>
        <Tabs.List className={css({ px: "2" })}>
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} data-testid={`tab-${tab}`}>
              {t(`tickets.tabs.${tab}`)}
              <Count params={params[tab]} />
            </Tabs.Trigger>
          ))}
          <Tabs.Indicator />
        </Tabs.List>
      </Tabs.Root>
      {tabs.map((tab) => (
        <TicketsList key={tab} params={params[tab]} hidden={snap.openTab !== tab} emptyText={t(`tickets.empty.${tab}`)} testId={`list-${tab}`} />
      ))}
    </div>
  );
}
