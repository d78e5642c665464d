import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../../styled-system/css";
import { FormField } from "../../../../components/ui/field";
import { Input, Textarea } from "../../../../components/ui/input";
import { SelectField } from "../../../../components/ui/select";
import { Switch } from "../../../../components/ui/switch";
import type { ConnectionForm, FormField as Field } from "../../form";
import { isShown } from "../../hidden";

/** What every tab gets: the values, a setter and the (translated) error of a server field key. */
export interface FormApi {
  form: ConnectionForm;
  set: <K extends Field>(key: K, value: ConnectionForm[K]) => void;
  err: (field: string) => string | null;
}

export interface QueueOption {
  value: string;
  label: string;
}

type StringField = { [K in Field]: ConnectionForm[K] extends string ? K : never }[Field];
type BoolField = { [K in Field]: ConnectionForm[K] extends boolean ? K : never }[Field];

export const grid = css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, gap: "4", alignItems: "start" });
export const stack = css({ display: "flex", flexDirection: "column", gap: "4" });
/** A switch beside a labelled input, lined up with the input rather than its label. */
export const besideInput = css({ display: "flex", flexDirection: "column", gap: "4", pt: { sm: "9" } });
export const sectionTitle = css({ fontSize: "sm", fontWeight: "semibold", color: "fg.muted", textTransform: "uppercase", letterSpacing: "0.04em", mt: "2" });

/** An error line for controls that are not inside a Field (selects, comboboxes). */
export function FieldError({ children, testId }: { children: ReactNode; testId?: string }) {
  if (!children) return null;
  return (
    <p role="alert" data-testid={testId} className={css({ fontSize: "xs", color: "fg.error", fontWeight: "medium", mt: "-2" })}>
      {children}
    </p>
  );
}

/**
 * A titled group of fields that serve one feature: shown while any of them is (a field without effect is hidden, and
 * so is a section left empty). The field components below hide a hidden field themselves.
 */
export function Section({ title, fields, children }: { title?: string; fields: readonly string[]; children: ReactNode }) {
  if (!fields.some(isShown)) return null;
  return (
    <>
      {title ? <h3 className={sectionTitle}>{title}</h3> : null}
      {children}
    </>
  );
}

export function TextField({
  api,
  field,
  label,
  multiline,
  helper,
  required,
}: {
  api: FormApi;
  field: StringField;
  label: string;
  multiline?: boolean;
  helper?: string;
  required?: boolean;
}) {
  if (!isShown(field)) return null;
  const value = api.form[field] as string;
  const onChange = (v: string) => api.set(field, v as never);
  return (
    <FormField label={label} error={api.err(field)} helper={helper} required={required}>
      {multiline ? (
        <Textarea name={field} value={value} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input name={field} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </FormField>
  );
}

/** Whole numbers only (minutes, hours, counts); empty is 0 on the server. */
export function NumberField({ api, field, label, helper }: { api: FormApi; field: StringField; label: string; helper?: string }) {
  if (!isShown(field)) return null;
  return (
    <FormField label={label} error={api.err(field)} helper={helper}>
      <Input
        name={field}
        inputMode="numeric"
        value={api.form[field] as string}
        onChange={(e) => api.set(field, e.target.value.replace(/\D/g, "").slice(0, 8) as never)}
      />
    </FormField>
  );
}

export function ToggleField({ api, field, label }: { api: FormApi; field: BoolField; label: string }) {
  if (!isShown(field)) return null;
  return <Switch name={field} label={label} checked={api.form[field] as boolean} onCheckedChange={(v) => api.set(field, v as never)} />;
}

/** One queue, or none. */
export function QueueField({
  api,
  field,
  label,
  queues,
}: {
  api: FormApi;
  field: "sendIdQueue" | "queueIdImportMessages";
  label: string;
  queues: QueueOption[];
}) {
  const { t } = useTranslation();
  const error = api.err(field);
  if (!isShown(field)) return null;
  return (
    <div className={stack}>
      <SelectField
        label={label}
        name={field}
        options={[{ value: "none", label: t("connections.form.noQueue") }, ...queues]}
        value={api.form[field] || "none"}
        onChange={(v) => api.set(field, v === "none" ? "" : v)}
        invalid={!!error}
      />
      <FieldError testId={`error-${field}`}>{error}</FieldError>
    </div>
  );
}
