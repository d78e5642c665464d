import { useTranslation } from "react-i18next";
import { ColorField } from "../../../../components/ui/color-picker";
import { DateTimeInput } from "../../../../components/ui/date-input";
import { FormField } from "../../../../components/ui/field";
import { Input, Textarea } from "../../../../components/ui/input";
import { PasswordInput } from "../../../../components/ui/password-input";
import { SelectField } from "../../../../components/ui/select";
import { Switch } from "../../../../components/ui/switch";
import { type ConfigField, listLines } from "../../config-schema";
import { toLocalInput } from "../../format";
import { FieldError, grid, stack } from "./fields";

/** "phoneNumberId" -> "Phone number id": the label of a field no translation names. */
const humanize = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])(?=[a-z])/g, (m) => m.toLowerCase());

/**
 * The plugin's own settings, rendered from its configSchema (GET /api/channels). Labels come from
 * connections.config.<plugin>.<key> or connections.config.<key> when translated. Secret fields are write-only: the
 * input starts empty and a blank one keeps the stored value.
 */
export function PluginConfigFields({
  plugin,
  fields,
  values,
  onChange,
  err,
  isEdit,
}: {
  plugin: string;
  fields: readonly ConfigField[];
  values: Record<string, unknown>;
  onChange: (key: string, value: unknown) => void;
  err: (field: string) => string | null;
  isEdit: boolean;
}) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  const label = (key: string) => t(`connections.config.${plugin}.${key}`, { defaultValue: t(`connections.config.${key}`, { defaultValue: humanize(key) }) });
  return (
    <div className={grid} data-testid="plugin-config">
      {fields.map((f) => {
        const name = `config.${f.key}`;
        const error = err(name);
        const value = values[f.key];
        const text = typeof value === "string" || typeof value === "number" ? String(value) : "";
        switch (f.kind) {
          case "boolean":
            return <Switch key={f.key} name={name} label={label(f.key)} checked={value === true} onCheckedChange={(v) => onChange(f.key, v)} />;
          case "enum":
            return (
              <div key={f.key} className={stack}>
                <SelectField
                  label={label(f.key)}
                  name={name}
                  options={f.options.map((o) => ({ value: o, label: t(`connections.config.values.${o}`, { defaultValue: o }) }))}
                  value={text}
                  onChange={(v) => onChange(f.key, v)}
                  invalid={!!error}
                />
                <FieldError>{error}</FieldError>
              </div>
            );
          case "list": {
            // One entry per line; the server names a bad entry by its index among the non-blank lines.
            const lineErrors = listLines(value)
              .map((l, i) => ({ line: l.line, message: err(`${name}.${i}`) }))
              .filter((l) => l.message)
              .map((l) => t("connections.form.line", { line: l.line, message: l.message }));
            return (
              <FormField key={f.key} label={label(f.key)} error={error ?? (lineErrors.join(" ") || null)}>
                <Textarea name={name} rows={3} value={Array.isArray(value) ? value.join("\n") : text} onChange={(e) => onChange(f.key, e.target.value)} />
              </FormField>
            );
          }
          case "color":
            return (
              <div key={f.key} className={stack}>
                <ColorField label={label(f.key)} value={text} onChange={(v) => onChange(f.key, v)} />
                <FieldError>{error}</FieldError>
              </div>
            );
          default:
            return (
              <FormField
                key={f.key}
                label={label(f.key)}
                error={error}
                required={f.required && !(f.secret && isEdit)}
                helper={f.secret && isEdit ? t("connections.form.secretKept") : undefined}
              >
                {f.secret ? (
                  <PasswordInput name={name} autoComplete="new-password" value={text} onChange={(e) => onChange(f.key, e.target.value)} />
                ) : f.kind === "datetime" ? (
                  <DateTimeInput name={name} value={toLocalInput(text) || text} onChange={(e) => onChange(f.key, e.target.value)} />
                ) : f.kind === "text" && f.multiline ? (
                  <Textarea name={name} rows={3} value={text} onChange={(e) => onChange(f.key, e.target.value)} />
                ) : (
                  <Input name={name} inputMode={f.kind === "number" ? "decimal" : undefined} value={text} onChange={(e) => onChange(f.key, e.target.value)} />
                )}
              </FormField>
            );
        }
      })}
    </div>
  );
}
