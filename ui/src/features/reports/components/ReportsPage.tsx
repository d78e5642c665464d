import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Badge } from "../../../components/ui/badge";
import { ListPage, ListPageHeader } from "../../../components/ui/list-page";
import * as Table from "../../../components/ui/table";
import { duration } from "../../dashboard/components/format";
import { useThisMonth } from "../../dashboard/period";
import { stamp } from "../format";
import { type ReportFilter, type ReportTicket, reportQuery } from "../queries";
import { ReportExport } from "./ReportExport";
import { ReportFilters } from "./ReportFilters";

const hideBelowSm = css({ hideBelow: "sm" });
const hideBelowMd = css({ hideBelow: "md" });
const hideBelow2xl = css({ hideBelow: "2xl" });
const clip = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;
const nowrap = css({ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });
const muted = css({ ...clip, color: "fg.muted", fontSize: "xs" });
/** A report has more columns than a list: closer cells keep the rating in view on a laptop. */
const dense = css({ "& th, & td": { px: "2" } });

const TONES: Record<string, "success" | "warning" | "neutral" | "info"> = { open: "success", pending: "warning", closed: "neutral", nps: "info" };

/**
 * /reports for dashboard:view: the tickets created in a period, filtered by queue, user, tag, status and channel, 40
 * a page with infinite scroll, each with its queue and service times and rating; the same rows as csv or xlsx.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const thisMonth = useThisMonth();
  const [filter, setFilter] = useState<ReportFilter>(thisMonth);
  const q = useInfiniteQuery(reportQuery(filter));
  const tickets = q.data?.pages.flatMap((p) => p.tickets) ?? [];

  return (
    <ListPage>
      <ListPageHeader title={t("menu.reports")} count={q.data ? (q.data.pages[0]?.count ?? 0) : undefined} countTestId="report-count">
        <ReportExport filter={filter} />
      </ListPageHeader>
      <ReportFilters value={filter} onApply={setFilter} />
      <Table.InfiniteScroller onEndReached={() => void q.fetchNextPage()} hasMore={q.hasNextPage} loading={q.isFetching} data-testid="report-scroller">
        <Table.Root className={dense} data-testid="report-table">
          <Table.Head>
            <tr>
              <Table.Header className={hideBelow2xl}>#</Table.Header>
              <Table.Header>{t("reports.columns.contact")}</Table.Header>
              <Table.Header className={hideBelowSm}>{t("reports.columns.createdAt")}</Table.Header>
              <Table.Header className={hideBelowMd}>{t("reports.columns.channel")}</Table.Header>
              <Table.Header className={hideBelowSm}>{t("reports.columns.queue")}</Table.Header>
              <Table.Header className={hideBelowMd}>{t("reports.columns.user")}</Table.Header>
              <Table.Header>{t("reports.columns.status")}</Table.Header>
              <Table.Header className={hideBelow2xl}>{t("reports.columns.tags")}</Table.Header>
              <Table.Header className={hideBelowSm}>{t("reports.columns.wait")}</Table.Header>
              <Table.Header className={hideBelowSm}>{t("reports.columns.service")}</Table.Header>
              <Table.Header>{t("reports.columns.rating")}</Table.Header>
            </tr>
          </Table.Head>
          <Table.Body>
            {tickets.map((ticket) => (
              <ReportRow key={ticket.id} ticket={ticket} />
            ))}
            {q.isError ? <Table.Empty colSpan={11}>{t("reports.loadFailed")}</Table.Empty> : null}
            {!q.isPending && !q.isError && tickets.length === 0 ? <Table.Empty colSpan={11}>{t("reports.empty")}</Table.Empty> : null}
          </Table.Body>
        </Table.Root>
      </Table.InfiniteScroller>
    </ListPage>
  );
}

function ReportRow({ ticket }: { ticket: ReportTicket }) {
  const { t } = useTranslation();
  const created = stamp(ticket.createdAt);
  return (
    <Table.Row data-testid="report-row" data-ticket-id={ticket.id}>
      <Table.Cell className={hideBelow2xl}>
        <span className={nowrap}>{ticket.id}</span>
      </Table.Cell>
      <Table.Cell className={css({ maxW: { base: "40", sm: "44" } })}>
        <div className={css({ ...clip, fontWeight: "medium" })} data-testid="report-contact">
          {ticket.contact.name}
        </div>
        <div className={muted} data-testid="report-number">
          {ticket.contact.number}
        </div>
        <div className={css({ ...clip, color: "fg.muted", fontSize: "xs", hideFrom: "sm" })}>
          {created.date} {created.time}
        </div>
      </Table.Cell>
      <Table.Cell className={hideBelowSm}>
        <div className={nowrap}>{created.date}</div>
        <div className={muted}>{created.time}</div>
      </Table.Cell>
      <Table.Cell className={css({ maxW: "36", hideBelow: "md" })}>
        <div className={css(clip)}>{ticket.connection ?? "—"}</div>
        <div className={muted}>{ticket.channel}</div>
      </Table.Cell>
      <Table.Cell className={css({ maxW: "36", hideBelow: "sm" })}>
        <div className={css(clip)}>{ticket.queue ?? "—"}</div>
      </Table.Cell>
      <Table.Cell className={css({ maxW: "32", hideBelow: "md" })}>
        <div className={css(clip)}>{ticket.user ?? "—"}</div>
      </Table.Cell>
      <Table.Cell>
        <Badge tone={TONES[ticket.status] ?? "neutral"} data-testid="report-status-badge">
          {t(`reports.status.${ticket.status}`)}
        </Badge>
      </Table.Cell>
      <Table.Cell className={css({ maxW: "48", hideBelow: "2xl" })}>
        <div className={css({ display: "flex", gap: "1", flexWrap: "wrap" })}>
          {ticket.tags.map((tag) => (
            <Badge key={tag.id} className={css({ borderLeftWidth: "3px" })} style={{ borderLeftColor: tag.color }}>
              {tag.name}
            </Badge>
          ))}
        </div>
      </Table.Cell>
      <Table.Cell className={hideBelowSm}>
        <span className={nowrap} data-testid="report-wait">
          {duration(ticket.waitMinutes)}
        </span>
      </Table.Cell>
      <Table.Cell className={hideBelowSm}>
        <span className={nowrap} data-testid="report-service">
          {duration(ticket.serviceMinutes)}
        </span>
      </Table.Cell>
      <Table.Cell>
        <span className={nowrap} data-testid="report-rating">
          {ticket.rating ?? "—"}
        </span>
      </Table.Cell>
    </Table.Row>
  );
}
