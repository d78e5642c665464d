import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { type ScheduleEntry, type ShiftField, setTime } from "../week";

export interface ScheduleEditorProps {
  /** Seven entries, Monday to Sunday. */
  value: ScheduleEntry[];
  onChange: (week: ScheduleEntry[]) => void;
  /** The translated refusal of one time, if any. */
  error?: (day: number, field: ShiftField) => string | null | undefined;
  /** Prefix of the inputs' names: `schedules` names them `schedules.0.startTimeA`, as the server names its refusals. */
  name?: string;
  disabled?: boolean;
}

const SHIFTS = [
  { id: "A", start: "startTimeA", end: "endTimeA" },
  { id: "B", start: "startTimeB", end: "endTimeB" },
] as const;

/** A day per row (weekday, then its two shifts); on a phone the day's name and each shift take a line of their own. */
const rowStyle = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr", md: "9rem 1fr 1fr" },
  gap: { base: "2", md: "4" },
  alignItems: "start",
  py: "3",
  borderTopWidth: "1px",
  borderColor: "border.muted",
  _first: { borderTopWidth: 0 },
  minW: 0,
});
const shiftStyle = css({ display: "flex", flexDirection: "column", gap: "1", minW: 0 });
const timesStyle = css({ display: "grid", gridTemplateColumns: "1fr auto 1fr", gap: "2", alignItems: "start" });
/** Column headings above the rows on wide screens; on a phone each shift carries its own caption. */
const onlyWide = css({ display: { base: "none", md: "block" } });
const onlyNarrow = css({ display: { base: "block", md: "none" } });
const caption = css({ fontSize: "xs", color: "fg.muted", fontWeight: "medium" });

/**
 * The business hours of a week: two shifts a day, each a start and an end typed as ##:##. An empty shift (both ends
 * empty) is closed that day. Shared by the company's settings, the queue dialog and the connection form.
 */
export function ScheduleEditor({ value, onChange, error, name = "schedules", disabled }: ScheduleEditorProps) {
  const { t } = useTranslation();
  const time = (day: number, field: ShiftField, label: string) => (
    <FormField error={error?.(day, field)} disabled={disabled}>
      <Input
        name={`${name}.${day}.${field}`}
        aria-label={label}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t("schedules.placeholder")}
        maxLength={5}
        value={value[day]?.[field] ?? ""}
        onChange={(e) => onChange(setTime(value, day, field, e.target.value))}
      />
    </FormField>
  );

  return (
    <div data-testid="schedule-editor" className={css({ display: "flex", flexDirection: "column" })}>
      <div aria-hidden className={`${onlyWide} ${css({ pb: "1" })}`}>
        <div className={css({ display: "grid", gridTemplateColumns: "9rem 1fr 1fr", gap: "4" })}>
          <span />
          {SHIFTS.map((s) => (
            <span key={s.id} className={caption}>
              {t(`schedules.shift${s.id}`)}
            </span>
          ))}
        </div>
      </div>
      <div>
        {value.map((entry, day) => {
          const dayName = t(`schedules.weekdays.${entry.weekdayEn}`);
          return (
            <fieldset key={entry.weekdayEn} aria-label={dayName} data-testid={`schedule-${entry.weekdayEn}`} className={rowStyle}>
              <span className={css({ fontWeight: "semibold", fontSize: "sm", pt: { md: "2" } })}>{dayName}</span>
              {SHIFTS.map((s) => {
                const shift = t(`schedules.shift${s.id}`);
                return (
                  <div key={s.id} className={shiftStyle}>
                    <span className={`${onlyNarrow} ${caption}`}>{shift}</span>
                    <div className={timesStyle}>
                      {time(day, s.start, t("schedules.startLabel", { day: dayName, shift }))}
                      <span aria-hidden className={css({ color: "fg.muted", pt: "2" })}>
                        –
                      </span>
                      {time(day, s.end, t("schedules.endLabel", { day: dayName, shift }))}
                    </div>
                  </div>
                );
              })}
            </fieldset>
          );
        })}
      </div>
    </div>
  );
}
