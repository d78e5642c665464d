import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { keys } from "../../../api/keys";
import { Button } from "../../../components/ui/button";
import { DateInput } from "../../../components/ui/date-input";
import { PlusIcon } from "../../../components/ui/icons";
import { useCan } from "../../auth/hooks";
import { tagsQuery } from "../../contacts/queries";
import { TagModal } from "../../tags/components/TagModal";
import { useTagsRealtime } from "../../tags/realtime";
import type { TagRef, Ticket } from "../../tickets/types";
import { useCompanySetting } from "../../tickets/hooks/useCompanySetting";
import { dayIn } from "../cache";
import { useMoveTicket } from "../queries";
import { useKanbanRealtime } from "../realtime";
import type { BoardRange, LanePage } from "../types";
import { LaneColumn } from "./LaneColumn";

/** The cards' "time in lane" is redrawn every minute. */
const TICK_MS = 60_000;

const dateLabel = css({ display: "flex", alignItems: "center", gap: "2", fontSize: "sm", color: "fg.muted", minW: 0, flex: { base: "1", md: "0 0 auto" } });

/** The dragged card's ticket, looked up in every loaded column. */
function ticketIn(qc: QueryClient, id: number): Ticket | undefined {
  for (const [, data] of qc.getQueriesData<{ pages: LanePage[] }>({ queryKey: keys.kanban.all })) {
    const found = data?.pages.flatMap((p) => p.tickets).find((x) => x.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * /Kanban: the open column (tickets in no lane), then the kanban lanes in their order, each with its open and pending
 * tickets active within the chosen days (today by default). Cards are dragged between columns, or moved with their
 * "move to" menu; the move shows at once and is undone with the server's message if refused. Holders of dashboard:view
 * add a lane with "+" (the tags page's dialog, as a lane). Live from ticket, message and tag frames.
 */
export default function KanbanPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const id = useId();
  // Days are the company's, as the server counts them: "today" near midnight may differ from the browser's.
  const timeZone = useCompanySetting("timezone");
  const today = dayIn(new Date(), timeZone);
  const [picked, setPicked] = useState<Pick<BoardRange, "dateFrom" | "dateTo"> | null>(null);
  const range: BoardRange = { ...(picked ?? { dateFrom: today, dateTo: today }), timeZone };
  const lanes = useQuery(tagsQuery(1));
  const canAddLane = useCan("dashboard:view");
  const [adding, setAdding] = useState(false);
  const move = useMoveTicket();
  useKanbanRealtime();
  useTagsRealtime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, []);

  const columns: (TagRef | null)[] = [null, ...(lanes.data ?? [])];
  const onMove = useCallback((ticket: Ticket, lane: TagRef | null) => move.mutate({ ticket, lane }), [move.mutate]);
  const findTicket = useCallback((id: number) => ticketIn(qc, id), [qc]);
  const setDay = (k: "dateFrom" | "dateTo") => (v: string) => {
    const next = { dateFrom: range.dateFrom, dateTo: range.dateTo, [k]: v };
    // The range stays a range: moving one end past the other moves both.
    setPicked(next.dateFrom && next.dateTo && next.dateFrom > next.dateTo ? { dateFrom: v, dateTo: v } : next);
  };

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, flex: "1", minH: 0, minW: 0 })}>
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "3" })}>
        <h1 className={css({ fontSize: "xl", fontWeight: "semibold", flex: "1", minW: "32" })}>{t("kanban.title")}</h1>
        <div className={css({ display: "flex", gap: "3", order: { base: 1, md: 0 }, flex: { base: "1 1 100%", md: "0 0 auto" }, minW: 0 })}>
          <label className={dateLabel} htmlFor={`${id}-from`}>
            {t("kanban.from")}
            <DateInput id={`${id}-from`} value={range.dateFrom} onChange={(e) => setDay("dateFrom")(e.target.value)} data-testid="kanban-date-from" />
          </label>
          <label className={dateLabel} htmlFor={`${id}-to`}>
            {t("kanban.to")}
            <DateInput id={`${id}-to`} value={range.dateTo} onChange={(e) => setDay("dateTo")(e.target.value)} data-testid="kanban-date-to" />
          </label>
        </div>
        {canAddLane ? (
          <Button onClick={() => setAdding(true)} data-testid="kanban-add">
            <PlusIcon size={18} />
            {t("kanban.addLane")}
          </Button>
        ) : null}
      </div>
      <div
        className={css({ display: "flex", gap: "3", flex: "1", minH: { base: "96", md: 0 }, overflowX: "auto", overflowY: "hidden", pb: "2" })}
        data-testid="kanban-board"
      >
        {columns.map((lane) => (
          <LaneColumn key={lane?.id ?? "open"} lane={lane} lanes={columns} range={range} now={now} onMove={onMove} findTicket={findTicket} />
        ))}
      </div>
      {adding ? <TagModal open onOpenChange={(o) => !o && setAdding(false)} useKanban usedColors={columns.flatMap((l) => (l ? [l.color] : []))} lane /> : null}
    </div>
  );
}
