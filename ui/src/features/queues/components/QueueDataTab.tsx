import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { Button } from "../../../components/ui/button";
import { COLOR_PRESETS, ColorField } from "../../../components/ui/color-picker";
import { FormField } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { SelectField } from "../../../components/ui/select";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/toast";
import { length, type Rule, required, serverFieldErrors, useFieldErrors, validate } from "../../auth/validation";
import { settingQuery } from "../../connections/queries";
import { ScheduleEditor } from "../../schedules/components/ScheduleEditor";
import { type ScheduleEntry, serverTimeErrors, type TimeError, timeKey, weekErrors } from "../../schedules/week";
import { queueFieldShown, queueScheduleShown } from "../hidden";
import { queueListQuery, useSaveQueue } from "../queries";
import { formFromQueue, QUEUE_DEFAULTS, type Queue, type QueueForm, ROUND_ROBIN_MINUTES } from "../types";

type TextField = "name" | "color" | "orderQueue";
type Errors = Partial<Record<TextField, string>>;
const grid = css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, gap: "4" });
const stack = css({ display: "flex", flexDirection: "column", gap: "4" });

/** The first preset colour no queue uses (colours are unique per company, whatever their case); none left: empty. */
const freeColor = (used: string[]) => COLOR_PRESETS.find((c) => !used.some((u) => u.toLowerCase() === c.toLowerCase())) ?? "";

/** A whole number from 0, or empty for no order. */
const order: Rule = (v) => (v.trim() === "" || /^\d{1,7}$/.test(v.trim()) ? null : "validation.invalidNumber");

/**
 * The queue's data: name (2-50), colour (unique in the company, the server says so), order, and the greeting and
 * out-of-hours texts, the inform-and-close switch, round-robin with its interval and, when the company keeps hours per
 * queue, the queue's week —
 * each of these shown only once its effect exists (hidden.ts, docs/settings.md Queue fields). The week sits in this
 * form rather than a tab of its own so one Save stores it with the rest. A new queue starts with a colour no queue has.
 */
export function QueueDataTab({ queue, onDone, footnote }: { queue?: Queue; onDone: () => void; footnote?: string }) {
  const { t } = useTranslation();
  const isEdit = queue !== undefined;
  const taken = useQuery(queueListQuery).data ?? [];
  const [form, setForm] = useState<QueueForm>(() => (queue ? formFromQueue(queue) : { ...QUEUE_DEFAULTS, color: freeColor(taken.map((q) => q.color)) }));
  const rules = { name: length(2, 50), color: required, orderQueue: order };
  const { errors, setErrors, recheck } = useFieldErrors<TextField>(rules);
  const [weekErrs, setWeekErrs] = useState<Record<string, TimeError>>({});
  const scheduleType = useQuery({ ...settingQuery("scheduleType"), enabled: queueFieldShown("schedules") });
  const showWeek = queueScheduleShown(scheduleType.data ?? undefined);
  const save = useSaveQueue();

  const set = (k: TextField, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    recheck(k, v);
  };
  const setWeek = (week: ScheduleEntry[]) => {
    setForm((f) => ({ ...f, schedules: week }));
    if (Object.keys(weekErrs).length) setWeekErrs(weekErrors(week));
  };
  const err = (k: TextField) => (errors[k] ? t(errors[k]!) : null);
  const shown = (k: keyof QueueForm) => queueFieldShown(k);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = validate({ name: form.name, color: form.color, orderQueue: form.orderQueue }, rules);
    const week = showWeek ? weekErrors(form.schedules) : {};
    setErrors(next);
    setWeekErrs(week);
    if (Object.keys(next).length || Object.keys(week).length) return;
    try {
      await save.mutateAsync({ id: queue?.id, form });
    } catch (error) {
      // The mutation cache already showed the toast; field messages go under their fields.
      if (error instanceof ApiError && error.code === "ERR_VALIDATION") {
        setErrors(serverFieldErrors(error.fields) as Errors);
        setWeekErrs(serverTimeErrors(error.fields));
      }
      return;
    }
    toast.success(t("queues.saved"));
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate className={stack} data-testid="queue-form">
      <div className={grid}>
        <FormField label={t("queues.form.name")} error={err("name")} required>
          <Input name="name" value={form.name} onChange={(e) => set("name", e.target.value)} autoFocus />
        </FormField>
        <FormField label={t("queues.form.order")} error={err("orderQueue")} helper={t("queues.form.orderHelp")}>
          <Input name="orderQueue" inputMode="numeric" value={form.orderQueue} onChange={(e) => set("orderQueue", e.target.value)} />
        </FormField>
      </div>
      <FormField error={err("color")} required>
        <ColorField label={`${t("queues.form.color")} *`} value={form.color} onChange={(hex) => set("color", hex)} />
      </FormField>
      {shown("greetingMessage") ? (
        <FormField label={t("queues.form.greetingMessage")} helper={t("queues.form.greetingHelp")}>
          <Textarea
            name="greetingMessage"
            rows={3}
            value={form.greetingMessage}
            onChange={(e) => setForm((f) => ({ ...f, greetingMessage: e.target.value }))}
          />
        </FormField>
      ) : null}
      {shown("outOfHoursMessage") ? (
        <FormField label={t("queues.form.outOfHoursMessage")} helper={t("queues.form.outOfHoursHelp")}>
          <Textarea
            name="outOfHoursMessage"
            rows={3}
            value={form.outOfHoursMessage}
            onChange={(e) => setForm((f) => ({ ...f, outOfHoursMessage: e.target.value }))}
          />
        </FormField>
      ) : null}
      {shown("closeTicket") ? (
        <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
          <Switch
            name="closeTicket"
            label={t("queues.form.closeTicket")}
            checked={form.closeTicket}
            onCheckedChange={(on) => setForm((f) => ({ ...f, closeTicket: on }))}
          />
          <p className={css({ fontSize: "xs", color: "fg.muted" })}>{t("queues.form.closeTicketHelp")}</p>
        </div>
      ) : null}
      {shown("ativarRoteador") ? (
        <div className={grid}>
          <Switch
            name="ativarRoteador"
            label={t("queues.form.roundRobin")}
            checked={form.ativarRoteador}
            onCheckedChange={(on) => setForm((f) => ({ ...f, ativarRoteador: on, tempoRoteador: on && f.tempoRoteador === "0" ? "10" : f.tempoRoteador }))}
          />
          {form.ativarRoteador && shown("tempoRoteador") ? (
            <SelectField
              name="tempoRoteador"
              label={t("queues.form.roundRobinInterval")}
              value={form.tempoRoteador}
              onChange={(v) => setForm((f) => ({ ...f, tempoRoteador: v }))}
              options={ROUND_ROBIN_MINUTES.map((m) => ({ value: m, label: t("queues.form.minutes", { count: Number(m) }) }))}
            />
          ) : null}
        </div>
      ) : null}
      {showWeek ? (
        <section className={stack} data-testid="queue-schedules">
          <h3 className={css({ fontWeight: "semibold" })}>{t("queues.form.schedules")}</h3>
          <ScheduleEditor
            value={form.schedules}
            onChange={setWeek}
            error={(day, field) => (weekErrs[timeKey(day, field)] ? t(`schedules.errors.${weekErrs[timeKey(day, field)]}`) : null)}
          />
        </section>
      ) : null}
      {footnote ? (
        <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid="queue-chatbot-later">
          {footnote}
        </p>
      ) : null}
      <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2", flexWrap: "wrap" })}>
        <Button variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={save.isPending} data-testid="queue-save">
          {isEdit ? t("common.save") : t("queues.add")}
        </Button>
      </div>
    </form>
  );
}
