import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { toastError } from "../../../api/errors";
import { FormField } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { SelectField } from "../../../components/ui/select";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/toast";
import { useSaveSetting } from "../queries";
import type { SettingField } from "../registry";

/** The server's field messages, shown translated. */
const SERVER_MESSAGES: Record<string, string> = {
  "Too Long!": "validation.tooLong",
  "Invalid URL": "settings.errors.invalidUrl",
  "Invalid time zone": "settings.errors.invalidTimeZone",
  "Invalid number": "settings.errors.invalidNumber",
  "Too Large": "settings.errors.invalidNumber",
};

/** Saves one key: a validation failure comes back as its translated message, anything else is a toast. */
function useSave(onInvalid: (message: string) => void) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  return (key: string, value: string, pairedText?: string) =>
    save.mutateAsync({ key, value }).then(
      () => {
        toast.success(t("settings.saved"));
        return true;
      },
      (err: unknown) => {
        if (!(err instanceof ApiError) || err.code !== "ERR_VALIDATION") toastError(err);
        else if (pairedText) onInvalid(t("settings.errors.textRequired", { field: t(`settings.fields.${pairedText}.label`) }));
        else onInvalid(t(SERVER_MESSAGES[err.fields.value ?? ""] ?? "errors.ERR_VALIDATION"));
        return false;
      },
    );
}

const row = css({
  display: "flex",
  flexDirection: { base: "column", sm: "row" },
  alignItems: { base: "stretch", sm: "flex-start" },
  justifyContent: "space-between",
  gap: { base: "2", sm: "6" },
  py: "4",
  borderTopWidth: "1px",
  borderColor: "border.muted",
  _first: { borderTopWidth: 0 },
});

/** The message placeholders the help texts name, shown as the admin types them. */
const PLACEHOLDERS = { name: "{{name}}", user: "{{user}}", queue: "{{queue}}" };

/** A switch stays at the right of its texts, on top, at every width. */
const switchRow = css({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: "4",
  py: "4",
  borderTopWidth: "1px",
  borderColor: "border.muted",
  _first: { borderTopWidth: 0 },
});

function Label({ k }: { k: string }) {
  const { t } = useTranslation();
  return (
    <div className={css({ flex: "1", minW: 0 })}>
      <p className={css({ fontWeight: "medium" })}>{t(`settings.fields.${k}.label`)}</p>
      <p className={css({ color: "fg.muted", fontSize: "sm", mt: "1" })}>{t(`settings.fields.${k}.help`, PLACEHOLDERS)}</p>
    </div>
  );
}

/** A text saved when it loses focus, if it changed. */
function TextSetting({
  k,
  value,
  multiline,
  error,
  onSave,
}: {
  k: string;
  value: string;
  multiline?: boolean;
  error: string | null;
  onSave: (v: string) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const props = {
    name: k,
    value: draft,
    "aria-label": t(`settings.fields.${k}.label`),
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    onBlur: () => draft !== value && onSave(draft),
  };
  return <FormField error={error}>{multiline ? <Textarea rows={3} {...props} /> : <Input {...props} />}</FormField>;
}

/** One setting of the page: its label and help text, its control, and the message of a refused value. */
export function SettingControl({ field, values }: { field: SettingField; values: Record<string, string> }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const save = useSave(setError);
  const value = values[field.key] ?? "";
  const write = (v: string, pairedText?: string) => save(field.key, v, pairedText).then((ok) => ok && setError(null));
  const timeZones = useMemo(() => (field.kind === "timezone" ? Intl.supportedValuesOf("timeZone").map((z) => ({ value: z, label: z })) : []), [field.kind]);

  if (field.kind === "switch") {
    const paired = field.text;
    const off = !!field.dependsOn && values[field.dependsOn] !== "enabled";
    return (
      <div className={switchRow} data-setting={field.key}>
        <div className={css({ flex: "1", minW: 0, display: "flex", flexDirection: "column", gap: "3" })}>
          <Label k={field.key} />
          {paired ? (
            <div data-setting={paired.key}>
              <Label k={paired.key} />
              <div className={css({ mt: "2" })}>
                <TextSetting
                  k={paired.key}
                  value={values[paired.key] ?? ""}
                  multiline
                  error={error}
                  onSave={(v) => void save(paired.key, v, paired.key).then((ok) => ok && setError(null))}
                />
              </div>
            </div>
          ) : null}
          {!paired && error ? <p className={css({ color: "fg.error", fontSize: "sm" })}>{error}</p> : null}
        </div>
        <div className={css({ flexShrink: 0, pt: "1" })}>
          <Switch
            name={field.key}
            label={<span className={css({ srOnly: true })}>{t(`settings.fields.${field.key}.label`)}</span>}
            checked={value === "enabled"}
            disabled={off}
            onCheckedChange={(on) => void write(on ? "enabled" : "disabled", paired?.key)}
          />
        </div>
      </div>
    );
  }

  const control =
    field.kind === "select" || field.kind === "timezone" ? (
      <FormField error={error}>
        <SelectField
          name={field.key}
          aria-label={t(`settings.fields.${field.key}.label`)}
          value={value}
          onChange={(v) => void write(v)}
          // A select with one possible value (chatBotType) only tells what it is.
          disabled={field.kind === "select" && field.options.length === 1}
          options={
            field.kind === "timezone"
              ? timeZones
              : field.options.map((o) => ({ value: o, label: field.unit ? `${o} ${field.unit}` : t(`settings.options.${field.key}.${o}`) }))
          }
        />
      </FormField>
    ) : (
      <TextSetting k={field.key} value={value} multiline={field.kind === "text"} error={error} onSave={(v) => void write(v)} />
    );
  return (
    <div className={row} data-setting={field.key}>
      <Label k={field.key} />
      <div className={css({ w: { base: "full", sm: "72" }, flexShrink: 0 })}>{control}</div>
    </div>
  );
}
