import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { useSessionUser } from "../../auth/hooks";
import { PageSpinner } from "../../shell/page";
import { settingsQuery } from "../../tickets/queries";
import { visibleGroups } from "../registry";
import { SchedulesSection } from "./SchedulesSection";
import { SettingControl } from "./SettingControl";
import { WhitelabelSection } from "./WhitelabelSection";

/** /settings: the company's options grouped as an admin looks for them; the platform's for the super user. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const q = useQuery(settingsQuery);
  const values = Object.fromEntries((q.data ?? []).map((r) => [r.key, r.value]));

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, flex: "1", minH: 0, overflowY: "auto" })}>
      <h1 className={css({ fontSize: "xl", fontWeight: "semibold" })}>{t("settings.title")}</h1>
      {q.isPending ? (
        <PageSpinner />
      ) : (
        visibleGroups(!!user?.super).map((group) => (
          <Fragment key={group.id}>
            <section
              data-testid={`settings-group-${group.id}`}
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
              <h2 className={css({ fontSize: "lg", fontWeight: "semibold", pt: "3" })}>{t(`settings.groups.${group.id}`)}</h2>
              {group.fields.map((field) => (
                <SettingControl key={field.key} field={field} values={values} />
              ))}
            </section>
            {/* The company's week right under the setting that asks for it. */}
            {group.id === "automation" ? <SchedulesSection scheduleType={values.scheduleType} /> : null}
          </Fragment>
        ))
      )}
      {q.isPending ? null : <WhitelabelSection values={values} />}
    </div>
  );
}
