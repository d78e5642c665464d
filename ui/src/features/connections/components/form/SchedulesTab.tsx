import { useTranslation } from "react-i18next";
import { css } from "../../../../../styled-system/css";
import { ScheduleEditor } from "../../../schedules/components/ScheduleEditor";
import type { FormApi } from "./fields";

/** The connection's business hours: two shifts per weekday, each ##:## masked; an empty pair closes that shift. */
export function SchedulesTab({ api }: { api: FormApi }) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <p className={css({ color: "fg.muted", fontSize: "sm" })}>{t("connections.form.schedulesHelp")}</p>
      <ScheduleEditor value={api.form.schedules} onChange={(week) => api.set("schedules", week)} error={(day, field) => api.err(`schedules.${day}.${field}`)} />
    </div>
  );
}
