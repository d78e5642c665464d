import { useInfiniteQuery } from "@tanstack/react-query";
import { type DragEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import * as Table from "../../../components/ui/table";
import type { TagRef, Ticket } from "../../tickets/types";
import { laneQuery } from "../queries";
import type { BoardRange } from "../types";
import { DRAG_TYPE, KanbanCard } from "./KanbanCard";

const column = css({
  display: "flex",
  flexDirection: "column",
  flex: "0 0 auto",
  w: { base: "72", md: "80" },
  maxW: "calc(100vw - 3rem)",
  minH: 0,
  bg: "bg.subtle",
  borderRadius: "lg",
  borderTopWidth: "4px",
  borderColor: "border.default",
  "&[data-over]": { outline: "2px dashed", outlineColor: "accent.default", outlineOffset: "-2px" },
});

/**
 * One column of the board: the lane's name and ticket count, then its cards, 40 at a time as the column scrolls. A card
 * dropped here moves to this lane (`lane` null: the open column, tickets in no lane).
 */
export function LaneColumn({
  lane,
  lanes,
  range,
  now,
  onMove,
  findTicket,
}: {
  lane: TagRef | null;
  lanes: (TagRef | null)[];
  range: BoardRange;
  now: number;
  onMove: (ticket: Ticket, lane: TagRef | null) => void;
  /** The dragged ticket by id, from whichever column holds it. */
  findTicket: (id: number) => Ticket | undefined;
}) {
  const { t } = useTranslation();
  const q = useInfiniteQuery(laneQuery(lane?.id ?? null, range));
  const tickets = q.data?.pages.flatMap((p) => p.tickets) ?? [];
  const count = q.data?.pages[0]?.count;
  const [over, setOver] = useState(false);
  const accepts = (e: DragEvent) => e.dataTransfer.types.includes(DRAG_TYPE);
  const onDrop = (e: DragEvent) => {
    setOver(false);
    if (!accepts(e)) return;
    e.preventDefault();
    const ticket = findTicket(Number(e.dataTransfer.getData(DRAG_TYPE)));
    const current = ticket?.tags.find((x) => x.kanban === 1)?.id ?? null;
    if (ticket && current !== (lane?.id ?? null)) onMove(ticket, lane);
  };
  const name = lane ? lane.name : t("kanban.open");
  return (
    <section
      className={column}
      style={lane ? { borderTopColor: lane.color } : undefined}
      aria-label={name}
      data-testid="kanban-lane"
      data-lane-id={lane?.id ?? "open"}
      data-over={over || undefined}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "move";
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
    >
      <header className={css({ display: "flex", alignItems: "center", gap: "2", px: "3", py: "2.5", minW: 0 })}>
        <h2 className={css({ fontWeight: "semibold", fontSize: "sm", flex: "1", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })}>
          {name}
        </h2>
        {count !== undefined ? (
          <span className={css({ fontSize: "xs", color: "fg.muted", fontVariantNumeric: "tabular-nums" })} data-testid="kanban-lane-count">
            {q.data?.pages[0]?.countCapped ? `${count}+` : count}
          </span>
        ) : null}
      </header>
      <Table.InfiniteScroller
        onEndReached={() => void q.fetchNextPage()}
        hasMore={q.hasNextPage}
        loading={q.isFetching}
        className={css({ flex: "1", minH: "24", px: "2", pb: "2", display: "flex", flexDirection: "column", gap: "2", bg: "transparent", borderWidth: "0" })}
        data-testid="kanban-lane-scroller"
      >
        {tickets.map((ticket) => (
          <KanbanCard key={ticket.id} ticket={ticket} lanes={lanes} now={now} onMove={onMove} />
        ))}
        {!q.isPending && tickets.length === 0 ? (
          <p className={css({ fontSize: "sm", color: "fg.muted", textAlign: "center", py: "6" })}>{t("kanban.empty")}</p>
        ) : null}
      </Table.InfiniteScroller>
    </section>
  );
}
