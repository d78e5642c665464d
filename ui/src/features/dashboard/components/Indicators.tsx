import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { type Counters, type DashboardFilter, ticketsDayQuery, ticketsUsersQuery } from "../queries";
import { BarChart } from "./BarChart";
import { duration } from "./format";

export const cardGrid = css({
  display: "grid",
  gridTemplateColumns: { base: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" },
  gap: "3",
});
export const panel = css({ bg: "bg.default", borderWidth: "1px", borderColor: "border.muted", borderRadius: "lg", p: "4", minW: 0 });

export function Card({ label, value, testId, children }: { label: string; value: ReactNode; testId: string; children?: ReactNode }) {
  return (
    <div className={panel} data-testid={testId}>
      <div className={css({ fontSize: "sm", color: "fg.muted" })}>{label}</div>
      <div className={css({ fontSize: "2xl", fontWeight: "semibold", fontVariantNumeric: "tabular-nums", mt: "1" })} data-testid={`${testId}-value`}>
        {value}
      </div>
      {children}
    </div>
  );
}

/** The Indicadores tab: the cards, then tickets per day and finished tickets per user. */
export function Indicators({ counters: c, filter }: { counters: Counters; filter: DashboardFilter }) {
  const { t } = useTranslation();
  const days = useQuery(ticketsDayQuery(filter));
  const users = useQuery(ticketsUsersQuery(filter));
  const dayLabels = days.data?.data.map((d) => (days.data.by === "hour" ? `${d.at}h` : `${d.at.slice(8, 10)}/${d.at.slice(5, 7)}`)) ?? [];
  const userLabels = users.data?.data.map((u) => u.name || t("dashboard.noUser")) ?? [];
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", pt: "4" })}>
      <div className={cardGrid}>
        <Card label={t("dashboard.cards.happening")} value={c.supportHappening} testId="card-happening" />
        <Card label={t("dashboard.cards.pending")} value={c.supportPending} testId="card-pending" />
        <Card label={t("dashboard.cards.attendants")} value={c.activeAttendants} testId="card-attendants" />
        <Card label={t("dashboard.cards.finished")} value={c.supportFinished} testId="card-finished" />
        <Card label={t("dashboard.cards.leads")} value={c.leads} testId="card-leads" />
        <Card label={t("dashboard.cards.received")} value={c.messagesReceived} testId="card-received" />
        <Card label={t("dashboard.cards.sent")} value={c.messagesSent} testId="card-sent" />
        <Card label={t("dashboard.cards.avgSupport")} value={duration(c.avgSupportTime)} testId="card-avg-support" />
        <Card label={t("dashboard.cards.avgWait")} value={duration(c.avgWaitTime)} testId="card-avg-wait" />
        <Card label={t("dashboard.cards.active")} value={c.activeTickets} testId="card-active" />
        <Card label={t("dashboard.cards.passive")} value={c.passiveTickets} testId="card-passive" />
        <Card label={t("dashboard.cards.groups")} value={c.supportGroups} testId="card-groups" />
        <Card label={t("dashboard.cards.status")} value={c.tickets} testId="card-status">
          <div className={css({ fontSize: "xs", color: "fg.muted", mt: "1" })}>
            {t("dashboard.statusLine", { open: c.supportHappening, pending: c.supportPending, rating: c.waitRating, closed: c.supportFinished })}
          </div>
        </Card>
      </div>
      <div className={css({ display: "grid", gridTemplateColumns: { base: "1fr", lg: "1fr 1fr" }, gap: "3" })}>
        <section className={panel}>
          <h2 className={css({ fontWeight: "semibold", mb: "2" })}>{t(days.data?.by === "hour" ? "dashboard.charts.byHour" : "dashboard.charts.byDay")}</h2>
          {days.isError ? <p className={css({ color: "fg.error" })}>{t("dashboard.chartFailed")}</p> : null}
          {days.data ? (
            <BarChart testId="chart-by-day" label={t("dashboard.charts.byDay")} labels={dayLabels} values={days.data.data.map((d) => d.total)} />
          ) : null}
        </section>
        <section className={panel}>
          <h2 className={css({ fontWeight: "semibold", mb: "2" })}>{t("dashboard.charts.byUser")}</h2>
          {users.isError ? <p className={css({ color: "fg.error" })}>{t("dashboard.chartFailed")}</p> : null}
          {users.data ? (
            users.data.data.length ? (
              <BarChart testId="chart-by-user" label={t("dashboard.charts.byUser")} labels={userLabels} values={users.data.data.map((u) => u.total)} />
            ) : (
              <p className={css({ color: "fg.muted", py: "6" })} data-testid="chart-by-user-empty">
                {t("dashboard.charts.none")}
              </p>
            )
          ) : null}
        </section>
      </div>
    </div>
  );
}
