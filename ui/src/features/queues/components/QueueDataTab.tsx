import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { Button } from "../../../components/ui/button";
import { COLOR_PRESETS, ColorField } from "../../../components/ui/color-picker";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { length, type Rule, required, serverFieldErrors, useFieldErrors, validate } from "../../auth/validation";
import { queueListQuery, useSaveQueue } from "../queries";
import { formFromQueue, QUEUE_DEFAULTS, type Queue, type QueueForm } from "../types";

type Errors = Partial<Record<keyof QueueForm, string>>;
const grid = css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, gap: "4" });
const stack = css({ display: "flex", flexDirection: "column", gap: "4" });

/** The first preset colour no queue uses (colours are unique per company, whatever their case); none left: empty. */
const freeColor = (used: string[]) => COLOR_PRESETS.find((c) => !used.some((u) => u.toLowerCase() === c.toLowerCase())) ?? "";

/** A whole number from 0, or empty for no order. */
const order: Rule = (v) => (v.trim() === "" || /^\d{1,7}$/.test(v.trim()) ? null : "validation.invalidNumber");

/**
 * The queue's data: name (2-50), colour (unique in the company, the server says so) and order. The fields whose
 * effect does not exist yet (greeting and out-of-hours texts, round-robin, schedules, the integration, file list and
 * prompt pickers) are not offered (docs/settings.md, Queue fields). A new queue starts with a colour no queue has.
 */
export function QueueDataTab({ queue, onDone, footnote }: { queue?: Queue; onDone: () => void; footnote?: string }) {
  const { t } = useTranslation();
  const isEdit = queue !== undefined;
  const taken = useQuery(queueListQuery).data ?? [];
  const [form, setForm] = useState<QueueForm>(() => (queue ? formFromQueue(queue) : { ...QUEUE_DEFAULTS, color: freeColor(taken.map((q) => q.color)) }));
  const rules = { name: length(2, 50), color: required, orderQueue: order };
  const { errors, setErrors, recheck } = useFieldErrors<keyof QueueForm>(rules);
  const save = useSaveQueue();

  const set = (k: keyof QueueForm, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    recheck(k, v);
  };
  const err = (k: keyof QueueForm) => (errors[k] ? t(errors[k]!) : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = validate(form as unknown as Record<string, string>, rules);
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await save.mutateAsync({ id: queue?.id, form });
    } catch (error) {
      // The mutation cache already showed the toast; field messages go under their fields.
      if (error instanceof ApiError && error.code === "ERR_VALIDATION") setErrors(serverFieldErrors(error.fields) as Errors);
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
