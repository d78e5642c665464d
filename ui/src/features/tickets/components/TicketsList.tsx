import { useInfiniteQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useMemo } from "react";
import { css } from "../../../../styled-system/css";
import * as Table from "../../../components/ui/table";
import { ticketsListQuery } from "../queries";
import { useSocketRoom } from "../rooms";
import type { Ticket, TicketListParams } from "../types";
import { TicketListItem } from "./TicketListItem";

const scroller = css({ borderWidth: "0", borderRadius: "0", bg: "bg.default" });

/** One inbox list: 40 a page, the next page within 100 px of the bottom; its status room is joined while it is mounted. */
export function TicketsList({ params, hidden, emptyText, testId }: { params: TicketListParams; hidden?: boolean; emptyText: string; testId: string }) {
  const q = useInfiniteQuery(ticketsListQuery(params));
  const { ticketId } = useParams({ strict: false }) as { ticketId?: string };
  useSocketRoom("Tickets", params.searchParam === undefined ? params.status : undefined);
  const tickets = useMemo(() => {
    const seen = new Set<number>();
    const out: Ticket[] = [];
    for (const p of q.data?.pages ?? []) {
      for (const t of p.tickets) {
        if (seen.has(t.id)) continue;
        seen.add(t.id);
        out.push(t);
      }
    }
    return out;
  }, [q.data]);

  return (
    <div hidden={hidden} className={css({ flex: "1", minH: 0, display: hidden ? "none" : "flex", flexDirection: "column" })} data-testid={testId}>
      <Table.InfiniteScroller
        className={scroller}
        onEndReached={() => void q.fetchNextPage()}
        hasMore={!hidden && q.hasNextPage}
        loading={q.isFetching}
        data-testid={`${testId}-scroller`}
      >
        {tickets.map((t) => (
          <TicketListItem key={t.id} ticket={t} active={t.uuid === ticketId} />
        ))}
        {!q.isPending && tickets.length === 0 ? (
          <p className={css({ textAlign: "center", color: "fg.muted", fontSize: "sm", py: "10", px: "4" })} data-testid="tickets-empty">
            {emptyText}
          </p>
        ) : null}
      </Table.InfiniteScroller>
    </div>
  );
}
