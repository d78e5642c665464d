import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { button } from "../../../../styled-system/recipes";
import { DateInput } from "../../../components/ui/date-input";
import { FormField as Field } from "../../../components/ui/field";
import { SelectField } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import * as Tabs from "../../../components/ui/tabs";
import { usersPickerQuery } from "../../tickets/queries";
import { queuesQuery } from "../../users/queries";
import { usePeriodCheck, useThisMonth } from "../period";
import { type DashboardFilter, dashboardQuery } from "../queries";
import { useDashboardRealtime } from "../realtime";
import { Attendants } from "./Attendants";
import { Indicators } from "./Indicators";
import { Nps } from "./Nps";

const pageStyle = css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", md: "6" }, minW: 0 });
const filters = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr 1fr", md: "repeat(4, minmax(0, 1fr)) auto" },
  gap: "3",
  alignItems: "end",
  bg: "bg.default",
  borderWidth: "1px",
  borderColor: "border.muted",
  borderRadius: "lg",
  p: "4",
});

/** The selects' "every queue" and "every user" entry. */
const ALL = "all";

/**
 * / for dashboard:view: the desk now and over a period of the company's days — the Indicadores tab (cards and the
 * charts by day and by user), NPS and Atendentes — filtered by dates (required: 'Parametrize o filtro' without them),
 * a queue and a user. The company's ticket and message events read the figures again, so the page stays live.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const thisMonth = useThisMonth();
  const [draft, setDraft] = useState<DashboardFilter>(thisMonth);
  const [filter, setFilter] = useState<DashboardFilter>(draft);
  const figures = useQuery(dashboardQuery(filter));
  const periodOk = usePeriodCheck();
  useDashboardRealtime();
  const queues = useQuery(queuesQuery);
  const users = useQuery(usersPickerQuery);
  const allLabel = t("dashboard.all");
  const queueOptions = useMemo(
    () => [{ value: ALL, label: allLabel }, ...(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))],
    [queues.data, allLabel],
  );
  const userOptions = useMemo(
    () => [{ value: ALL, label: allLabel }, ...(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))],
    [users.data, allLabel],
  );

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (periodOk(draft)) setFilter({ ...draft });
  };

  return (
    <div className={pageStyle} data-testid="dashboard">
      <h1 className={css({ fontSize: "xl", fontWeight: "semibold" })}>{t("menu.dashboard")}</h1>
      <form className={filters} onSubmit={apply} noValidate data-testid="dashboard-filter">
        <Field label={t("dashboard.dateFrom")}>
          <DateInput value={draft.dateFrom} onChange={(e) => setDraft({ ...draft, dateFrom: e.target.value })} data-testid="dashboard-from" />
        </Field>
        <Field label={t("dashboard.dateTo")}>
          <DateInput value={draft.dateTo} onChange={(e) => setDraft({ ...draft, dateTo: e.target.value })} data-testid="dashboard-to" />
        </Field>
        <SelectField
          label={t("dashboard.queue")}
          options={queueOptions}
          value={draft.queueId ? String(draft.queueId) : ALL}
          onChange={(v) => setDraft({ ...draft, queueId: v === ALL ? undefined : Number(v) })}
        />
        <SelectField
          label={t("dashboard.user")}
          options={userOptions}
          value={draft.userId ? String(draft.userId) : ALL}
          onChange={(v) => setDraft({ ...draft, userId: v === ALL ? undefined : Number(v) })}
        />
        <button type="submit" className={button({ size: "md" })} data-testid="dashboard-apply">
          {t("dashboard.apply")}
        </button>
      </form>

      <Tabs.Root defaultValue="indicators" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="indicators" data-testid="dashboard-tab-indicators">
            {t("dashboard.tabs.indicators")}
          </Tabs.Trigger>
          <Tabs.Trigger value="nps" data-testid="dashboard-tab-nps">
            {t("dashboard.tabs.nps")}
          </Tabs.Trigger>
          <Tabs.Trigger value="attendants" data-testid="dashboard-tab-attendants">
            {t("dashboard.tabs.attendants")}
          </Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        {figures.data ? (
          <>
            <Tabs.Content value="indicators">
              <Indicators counters={figures.data.counters} filter={filter} />
            </Tabs.Content>
            <Tabs.Content value="nps">
              <Nps counters={figures.data.counters} />
            </Tabs.Content>
            <Tabs.Content value="attendants">
              <Attendants rows={figures.data.attendants} />
            </Tabs.Content>
          </>
        ) : figures.isError ? (
          <p className={css({ color: "fg.error", py: "6" })}>{t("dashboard.loadFailed")}</p>
        ) : (
          <div className={css({ display: "flex", justifyContent: "center", py: "10" })}>
            <Spinner size="lg" />
          </div>
        )}
      </Tabs.Root>
    </div>
  );
}
