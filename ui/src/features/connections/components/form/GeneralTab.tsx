import { useTranslation } from "react-i18next";
import { MultiCombobox } from "../../../../components/ui/combobox";
import { DateTimeInput } from "../../../../components/ui/date-input";
import { FormField } from "../../../../components/ui/field";
import { SelectField } from "../../../../components/ui/select";
import type { ConfigField } from "../../config-schema";
import type { ChannelInfo } from "../../types";
import { webhookUrl } from "../../webhook";
import { CopyField } from "./CopyField";
import { besideInput, FieldError, type FormApi, grid, QueueField, type QueueOption, Section, sectionTitle, stack, TextField, ToggleField } from "./fields";
import { PluginConfigFields } from "./PluginConfigFields";

/**
 * Name, default flag, queues, the plugin's own settings with the webhook address to give the provider, groups (channels
 * that have them) and the import of old messages (channels that pair by QR code: the phone holds the history).
 */
export function GeneralTab({
  api,
  channel,
  configFields,
  connectionId,
  queues,
}: {
  api: FormApi;
  channel: ChannelInfo;
  configFields: readonly ConfigField[];
  connectionId?: number;
  queues: QueueOption[];
}) {
  const { t } = useTranslation();
  const { form, set } = api;
  const hook = webhookUrl(channel.id, connectionId);
  return (
    <div className={stack}>
      <div className={grid}>
        <TextField api={api} field="name" label={t("connections.form.name")} required />
        <div className={besideInput}>
          <ToggleField api={api} field="isDefault" label={t("connections.form.isDefault")} />
          <FieldError>{api.err("isDefault")}</FieldError>
        </div>
      </div>
      <Section fields={["queueIds"]}>
        <MultiCombobox
          label={t("connections.form.queues")}
          options={queues}
          value={form.queueIds}
          onChange={(v) => set("queueIds", v)}
          placeholder={t("connections.form.queuesPlaceholder")}
          emptyText={t("connections.form.noQueues")}
        />
        <FieldError testId="error-queueIds">{api.err("queueIds")}</FieldError>
      </Section>

      {configFields.length > 0 || hook ? <h3 className={sectionTitle}>{t("connections.form.channelSettings")}</h3> : null}
      <PluginConfigFields
        plugin={channel.id}
        fields={configFields}
        values={form.config}
        onChange={(key, value) => set("config", { ...form.config, [key]: value })}
        err={api.err}
        isEdit={connectionId !== undefined}
      />
      {hook ? <CopyField label={t("connections.form.webhookUrl")} helper={t("connections.form.webhookHelp")} value={hook} testId="webhook-url" /> : null}

      {channel.capabilities.groups ? (
        <>
          <h3 className={sectionTitle}>{t("connections.form.groups")}</h3>
          <div className={grid}>
            <div className={besideInput}>
              <ToggleField api={api} field="allowGroup" label={t("connections.form.allowGroup")} />
            </div>
            <SelectField
              label={t("connections.form.groupAsTicket")}
              name="groupAsTicket"
              options={[
                { value: "disabled", label: t("connections.form.groupAsTicketDisabled") },
                { value: "enabled", label: t("connections.form.groupAsTicketEnabled") },
              ]}
              value={form.groupAsTicket}
              onChange={(v) => set("groupAsTicket", v === "enabled" ? "enabled" : "disabled")}
            />
          </div>
        </>
      ) : null}

      {channel.connect === "qrcode" ? (
        <>
          <h3 className={sectionTitle}>{t("connections.form.import")}</h3>
          <ToggleField api={api} field="enableImportMessage" label={t("connections.form.enableImportMessage")} />
          {form.enableImportMessage ? (
            <div className={grid}>
              <FormField label={t("connections.form.importOldMessages")} error={api.err("importOldMessages")} required>
                <DateTimeInput name="importOldMessages" value={form.importOldMessages} onChange={(e) => set("importOldMessages", e.target.value)} />
              </FormField>
              <FormField label={t("connections.form.importRecentMessages")} error={api.err("importRecentMessages")} required>
                <DateTimeInput name="importRecentMessages" value={form.importRecentMessages} onChange={(e) => set("importRecentMessages", e.target.value)} />
              </FormField>
              <QueueField api={api} field="queueIdImportMessages" label={t("connections.form.queueIdImportMessages")} queues={queues} />
              <div className={besideInput}>
                <ToggleField api={api} field="importOldMessagesGroups" label={t("connections.form.importOldMessagesGroups")} />
                <ToggleField api={api} field="closedTicketsPostImported" label={t("connections.form.closedTicketsPostImported")} />
              </div>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
