import { useTranslation } from "react-i18next";
import { SelectField } from "../../../../components/ui/select";
import { type FormApi, grid, NumberField, QueueField, type QueueOption, Section, stack, TextField } from "./fields";

/** The queue menu's pace and patience, the redirect to a queue after a wait, expiry and inactivity, the reopen window (those with an effect). */
export function ChatbotTab({ api, queues }: { api: FormApi; queues: QueueOption[] }) {
  const { t } = useTranslation();
  return (
    <div className={stack}>
      <Section title={t("connections.form.queueMenu")} fields={["timeUseBotQueues", "maxUseBotQueues"]}>
        <div className={grid}>
          <NumberField api={api} field="timeUseBotQueues" label={t("connections.form.timeUseBotQueues")} helper={t("connections.form.timeUseBotQueuesHelp")} />
          <NumberField api={api} field="maxUseBotQueues" label={t("connections.form.maxUseBotQueues")} helper={t("connections.form.maxUseBotQueuesHelp")} />
        </div>
      </Section>
      <Section title={t("connections.form.redirect")} fields={["timeSendQueue", "sendIdQueue"]}>
        <div className={grid}>
          <NumberField api={api} field="timeSendQueue" label={t("connections.form.timeSendQueue")} />
          <QueueField api={api} field="sendIdQueue" label={t("connections.form.sendIdQueue")} queues={queues} />
        </div>
      </Section>
      <Section
        title={t("connections.form.expiry")}
        fields={["expiresTicket", "whenExpiresTicket", "expiresInactiveMessage", "timeInactiveMessage", "inactiveMessage"]}
      >
        <div className={grid}>
          <NumberField api={api} field="expiresTicket" label={t("connections.form.expiresTicket")} helper={t("connections.form.zeroOff")} />
          <SelectField
            label={t("connections.form.whenExpiresTicket")}
            name="whenExpiresTicket"
            options={[
              { value: "0", label: t("connections.form.whenExpires0") },
              { value: "1", label: t("connections.form.whenExpires1") },
            ]}
            value={api.form.whenExpiresTicket}
            onChange={(v) => api.set("whenExpiresTicket", v === "1" ? "1" : "0")}
          />
        </div>
        <TextField api={api} field="expiresInactiveMessage" label={t("connections.form.expiresInactiveMessage")} multiline />
        <NumberField api={api} field="timeInactiveMessage" label={t("connections.form.timeInactiveMessage")} helper={t("connections.form.zeroOff")} />
        <TextField api={api} field="inactiveMessage" label={t("connections.form.inactiveMessage")} multiline />
      </Section>
      <NumberField api={api} field="timeCreateNewTicket" label={t("connections.form.timeCreateNewTicket")} helper={t("connections.form.zeroOff")} />
    </div>
  );
}
