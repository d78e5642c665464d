import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { toastError } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { useSessionUser } from "../../auth/hooks";
import { useFeature } from "../../branding/queries";
import { ScheduleEditor } from "../../schedules/components/ScheduleEditor";
import { companySchedulesQuery, useSaveCompanySchedules } from "../../schedules/queries";
import { type ScheduleEntry, serverTimeErrors, type TimeError, timeKey, weekErrors } from "../../schedules/week";
import { companySchedulesShown } from "../schedules";

/** The settings page's business-hours section, shown only when the company keeps one week for all its service. */
export function SchedulesSection({ scheduleType }: { scheduleType: string | undefined }) {
  const user = useSessionUser();
  const shown = companySchedulesShown(scheduleType, useFeature("companySchedules"));
  return shown && user ? <CompanySchedules companyId={user.companyId} /> : null;
}

function CompanySchedules({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const q = useQuery(companySchedulesQuery(companyId));
  const save = useSaveCompanySchedules(companyId);
  /** The week being edited; null while it is the saved one. */
  const [draft, setDraft] = useState<ScheduleEntry[] | null>(null);
  const [errors, setErrors] = useState<Record<string, TimeError>>({});
  const week = draft ?? q.data;

  const change = (next: ScheduleEntry[]) => {
    setDraft(next);
    // A refused time loses its mark once it is right; the others keep theirs until the next save.
    const still = weekErrors(next);
    setErrors((prev) => Object.fromEntries(Object.keys(prev).flatMap((k) => (still[k] ? [[k, still[k]]] : []))));
  };

  const submit = async () => {
    if (!week) return;
    const refused = weekErrors(week);
    setErrors(refused);
    if (Object.keys(refused).length) return;
    try {
      await save.mutateAsync(week);
      setDraft(null);
      toast.success(t("schedules.saved"));
    } catch (err) {
      const fields = err instanceof ApiError && err.code === "ERR_VALIDATION" ? serverTimeErrors(err.fields) : {};
      if (Object.keys(fields).length) setErrors(fields);
      else toastError(err);
    }
  };

  return (
    <section
      data-testid="settings-group-schedules"
      className={css({
        bg: "bg.default",
        borderWidth: "1px",
        borderColor: "border.muted",
        borderRadius: "lg",
        px: { base: "3", sm: "5" },
        py: "2",
        maxW: "4xl",
        w: "full",
      })}
    >
      <h2 className={css({ fontSize: "lg", fontWeight: "semibold", pt: "3" })}>{t("schedules.title")}</h2>
      <p className={css({ color: "fg.muted", fontSize: "sm", mt: "1", mb: "2" })}>{t("schedules.help")}</p>
      {week ? (
        <ScheduleEditor
          value={week}
          onChange={change}
          error={(day, field) => errors[timeKey(day, field)] && t(`schedules.errors.${errors[timeKey(day, field)]}`)}
        />
      ) : null}
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "flex-end", gap: "3", py: "3" })}>
        {Object.keys(errors).length ? (
          <p role="alert" className={css({ color: "fg.error", fontSize: "sm", flex: "1" })}>
            {t("schedules.errors.fix")}
          </p>
        ) : draft ? (
          <p className={css({ color: "fg.muted", fontSize: "sm", flex: "1" })}>{t("schedules.unsaved")}</p>
        ) : null}
        <Button type="button" onClick={submit} loading={save.isPending} disabled={!draft || !week}>
          {t("common.save")}
        </Button>
      </div>
    </section>
  );
}
