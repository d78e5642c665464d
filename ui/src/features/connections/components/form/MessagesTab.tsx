import { useTranslation } from "react-i18next";
import { DateInput } from "../../../../components/ui/date-input";
import { FormField } from "../../../../components/ui/field";
import { type FormApi, grid, Section, stack, TextField } from "./fields";
import { GreetingMedia, type MediaChange } from "./GreetingMedia";

/**
 * Greeting (the queue menu's header; with its image or video once that is sent), closing and out-of-hours messages, and
 * the collective vacation notice. A required mark shows while a rule of rules.ts asks for the field.
 */
export function MessagesTab({
  api,
  media,
  onMedia,
  currentMedia,
}: {
  api: FormApi;
  media: MediaChange;
  onMedia: (c: MediaChange) => void;
  currentMedia: { name: string; url: string | null } | null;
}) {
  const { t } = useTranslation();
  const { form, set } = api;
  const vacation = form.collectiveVacationMessage.trim() !== "";
  return (
    <div className={stack}>
      <TextField
        api={api}
        field="greetingMessage"
        label={t("connections.form.greetingMessage")}
        helper={t("connections.form.greetingHelp")}
        required={new Set(form.queueIds).size > 1}
        multiline
      />
      <Section fields={["greetingMediaAttachment"]}>
        <GreetingMedia current={currentMedia} change={media} onChange={onMedia} error={api.err("greetingMedia")} />
      </Section>
      <TextField api={api} field="complationMessage" label={t("connections.form.complationMessage")} multiline />
      <TextField api={api} field="outOfHoursMessage" label={t("connections.form.outOfHoursMessage")} helper={t("connections.form.outOfHoursHelp")} multiline />
      <Section title={t("connections.form.vacation")} fields={["collectiveVacationMessage", "collectiveVacationStart", "collectiveVacationEnd"]}>
        <TextField
          api={api}
          field="collectiveVacationMessage"
          label={t("connections.form.collectiveVacationMessage")}
          helper={t("connections.form.vacationHelp")}
          multiline
        />
        <div className={grid}>
          <FormField label={t("connections.form.collectiveVacationStart")} error={api.err("collectiveVacationStart")} required={vacation}>
            <DateInput name="collectiveVacationStart" value={form.collectiveVacationStart} onChange={(e) => set("collectiveVacationStart", e.target.value)} />
          </FormField>
          <FormField label={t("connections.form.collectiveVacationEnd")} error={api.err("collectiveVacationEnd")} required={vacation}>
            <DateInput name="collectiveVacationEnd" value={form.collectiveVacationEnd} onChange={(e) => set("collectiveVacationEnd", e.target.value)} />
          </FormField>
        </div>
      </Section>
    </div>
  );
}
