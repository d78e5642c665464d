import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import { DateInput } from "../../../components/ui/date-input";
import { FormField as Field } from "../../../components/ui/field";
import { type Option, SelectField } from "../../../components/ui/select";
import { tagsQuery } from "../../contacts/queries";
import { usePeriodCheck } from "../../dashboard/period";
import { usersPickerQuery } from "../../tickets/queries";
import { connectionsQuery, queuesQuery } from "../../users/queries";
import { REPORT_STATUSES, type ReportFilter } from "../queries";

const form = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr 1fr", md: "repeat(4, minmax(0, 1fr))", xl: "repeat(2, minmax(9.5rem, 1fr)) repeat(5, minmax(0, 1fr)) auto" },
  gap: "3",
  alignItems: "end",
  bg: "bg.default",
  borderWidth: "1px",
  borderColor: "border.muted",
  borderRadius: "lg",
  p: { base: "3", md: "4" },
});

/** A grid cell may shrink below its select's longest option. */
const cell = css({ minW: 0 });

/** The selects' "every …" entry. */
const ALL = "all";
const idOf = (v: string) => (v === ALL ? undefined : Number(v));

/**
 * The report's filter form: the period (required: 'Parametrize o filtro' without it), queue, user, tag, status and
 * channel (a connection, shown with its channel). Applies on submit, so typing a date asks nothing yet.
 */
export function ReportFilters({ value, onApply }: { value: ReportFilter; onApply: (f: ReportFilter) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ReportFilter>(value);
  const periodOk = usePeriodCheck();
  const queues = useQuery(queuesQuery);
  const users = useQuery(usersPickerQuery);
  const tags = useQuery(tagsQuery(0));
  const connections = useQuery(connectionsQuery);
  const all = t("reports.all");
  const options = useMemo(() => {
    const withAll = (items: Option[]) => [{ value: ALL, label: all }, ...items];
    return {
      queue: withAll((queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))),
      user: withAll((users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))),
      tag: withAll((tags.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))),
      status: withAll(REPORT_STATUSES.map((s) => ({ value: s, label: t(`reports.status.${s}`) }))),
      connection: withAll((connections.data ?? []).map((c) => ({ value: String(c.id), label: c.channel ? `${c.name} · ${c.channel}` : c.name }))),
    };
  }, [queues.data, users.data, tags.data, connections.data, all, t]);
  const pick = (v: string | number | undefined) => (v === undefined ? ALL : String(v));

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (periodOk(draft)) onApply({ ...draft });
  };

  return (
    <form className={form} onSubmit={apply} noValidate data-testid="report-filter">
      <Field label={t("reports.dateFrom")} required>
        <DateInput value={draft.dateFrom} onChange={(e) => setDraft({ ...draft, dateFrom: e.target.value })} data-testid="report-from" />
      </Field>
      <Field label={t("reports.dateTo")} required>
        <DateInput value={draft.dateTo} onChange={(e) => setDraft({ ...draft, dateTo: e.target.value })} data-testid="report-to" />
      </Field>
      <div className={cell} data-testid="report-queue">
        <SelectField
          label={t("reports.queue")}
          options={options.queue}
          value={pick(draft.queueId)}
          onChange={(v) => setDraft({ ...draft, queueId: idOf(v) })}
        />
      </div>
      <div className={cell} data-testid="report-user">
        <SelectField label={t("reports.user")} options={options.user} value={pick(draft.userId)} onChange={(v) => setDraft({ ...draft, userId: idOf(v) })} />
      </div>
      <div className={cell} data-testid="report-tag">
        <SelectField label={t("reports.tag")} options={options.tag} value={pick(draft.tagId)} onChange={(v) => setDraft({ ...draft, tagId: idOf(v) })} />
      </div>
      <div className={cell} data-testid="report-status">
        <SelectField
          label={t("reports.statusLabel")}
          options={options.status}
          value={draft.status ?? ALL}
          onChange={(v) => setDraft({ ...draft, status: v === ALL ? undefined : v })}
        />
      </div>
      <div className={cell} data-testid="report-channel">
        <SelectField
          label={t("reports.channel")}
          options={options.connection}
          value={pick(draft.whatsappId)}
          onChange={(v) => setDraft({ ...draft, whatsappId: idOf(v) })}
        />
      </div>
      <Button type="submit" className={css({ gridColumn: { base: "span 2", md: "auto" } })} data-testid="report-apply">
        {t("reports.apply")}
      </Button>
    </form>
  );
}
