import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import type { Counters } from "../queries";
import { percent } from "./format";
import { Card, cardGrid } from "./Indicators";

/** The NPS tab: the score (promoters minus detractors, 0-10 ratings), its three bands and how many tickets were rated. */
export function Nps({ counters: c }: { counters: Counters }) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3", pt: "4" })}>
      <div className={cardGrid}>
        <Card label={t("dashboard.nps.score")} value={c.npsScore ?? "—"} testId="nps-score" />
        <Card label={t("dashboard.nps.promoters")} value={percent(c.npsPromotersPerc)} testId="nps-promoters" />
        <Card label={t("dashboard.nps.neutrals")} value={percent(c.npsPassivePerc)} testId="nps-neutrals" />
        <Card label={t("dashboard.nps.detractors")} value={percent(c.npsDetractorsPerc)} testId="nps-detractors" />
        <Card label={t("dashboard.nps.withRating")} value={c.withRating} testId="nps-with" />
        <Card label={t("dashboard.nps.withoutRating")} value={c.withoutRating} testId="nps-without" />
        <Card label={t("dashboard.nps.waitRating")} value={c.waitRating} testId="nps-waiting" />
        <Card label={t("dashboard.nps.percRating")} value={percent(c.percRating)} testId="nps-perc" />
      </div>
    </div>
  );
}
