import { useTranslation } from "react-i18next";
import { css } from "../../../../../styled-system/css";
import { type FormApi, grid, NumberField, stack, TextField } from "./fields";

/** The NPS rating asked after a ticket closes (used while the company setting userRating is enabled). */
export function AssessmentsTab({ api, ratingsEnabled }: { api: FormApi; ratingsEnabled: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={stack}>
      <p className={css({ color: "fg.muted", fontSize: "sm" })}>{ratingsEnabled ? t("connections.form.ratingsOn") : t("connections.form.ratingsOff")}</p>
      <TextField api={api} field="ratingMessage" label={t("connections.form.ratingMessage")} required={ratingsEnabled} multiline />
      <div className={grid}>
        <NumberField api={api} field="expiresTicketNPS" label={t("connections.form.expiresTicketNPS")} />
        <NumberField api={api} field="maxUseBotQueuesNPS" label={t("connections.form.maxUseBotQueuesNPS")} />
      </div>
    </div>
  );
}
