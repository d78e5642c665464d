import { useTranslation } from "react-i18next";
import { css } from "../../../../../styled-system/css";
import { FormField } from "../../../../components/ui/field";
import { Input } from "../../../../components/ui/input";
import { maskTime } from "../../format";
import type { ScheduleEntry } from "../../types";
import type { FormApi } from "./fields";

const PERIODS = ["startTimeA", "endTimeA", "startTimeB", "endTimeB"] as const;

/** Business hours per weekday: two periods, each ##:## masked; an empty pair closes that period. */
export function SchedulesTab({ api }: { api: FormApi }) {
  const { t } = useTranslation();
  const setTime = (day: number, key: (typeof PERIODS)[number], value: string) =>
    api.set(
      "schedules",
      api.form.schedules.map((e, i): ScheduleEntry => (i === day ? { ...e, [key]: maskTime(value) } : e)),
    );
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <p className={css({ color: "fg.muted", fontSize: "sm" })}>{t("connections.form.schedulesHelp")}</p>
      {api.form.schedules.map((entry, day) => (
        <fieldset
          key={entry.weekdayEn}
          aria-label={t(`connections.weekdays.${entry.weekdayEn}`)}
          data-testid={`schedule-${entry.weekdayEn}`}
          className={css({ display: "grid", gridTemplateColumns: { base: "1fr 1fr", md: "8rem repeat(4, 1fr)" }, gap: "2", alignItems: "start" })}
        >
          <span className={css({ fontWeight: "semibold", fontSize: "sm", gridColumn: { base: "1 / -1", md: "auto" }, pt: { md: "8" } })}>
            {t(`connections.weekdays.${entry.weekdayEn}`)}
          </span>
          {PERIODS.map((key) => (
            <FormField key={key} label={t(`connections.form.${key}`)} error={api.err(`schedules.${day}.${key}`)}>
              <Input
                name={`schedules.${day}.${key}`}
                inputMode="numeric"
                placeholder={t("connections.form.timePlaceholder")}
                value={entry[key]}
                maxLength={5}
                onChange={(e) => setTime(day, key, e.target.value)}
              />
            </FormField>
          ))}
        </fieldset>
      ))}
    </div>
  );
}
