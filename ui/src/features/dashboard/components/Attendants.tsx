import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import * as Table from "../../../components/ui/table";
import type { Attendant } from "../queries";
import { duration } from "./format";

const hideBelowMd = css({ hideBelow: "md" });
const dot = (online: boolean) => css({ display: "inline-block", w: "2", h: "2", borderRadius: "full", bg: online ? "fg.success" : "fg.disabled", mr: "2" });

/** The Atendentes tab: one row per attendant — rating (0-10) and how many, tickets finished, average times, online. */
export function Attendants({ rows }: { rows: Attendant[] }) {
  const { t } = useTranslation();
  return (
    <div className={css({ pt: "4", overflowX: "auto" })}>
      <Table.Root data-testid="attendants-table">
        <Table.Head>
          <tr>
            <Table.Header>{t("dashboard.attendants.name")}</Table.Header>
            <Table.Header>{t("dashboard.attendants.rating")}</Table.Header>
            <Table.Header className={hideBelowMd}>{t("dashboard.attendants.countRating")}</Table.Header>
            <Table.Header>{t("dashboard.attendants.tickets")}</Table.Header>
            <Table.Header className={hideBelowMd}>{t("dashboard.attendants.avgWait")}</Table.Header>
            <Table.Header className={hideBelowMd}>{t("dashboard.attendants.avgSupport")}</Table.Header>
            <Table.Header>{t("dashboard.attendants.status")}</Table.Header>
          </tr>
        </Table.Head>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-testid="attendant-row" data-user-id={r.id}>
              <Table.Cell>{r.name}</Table.Cell>
              <Table.Cell>{r.rating ?? "—"}</Table.Cell>
              <Table.Cell className={hideBelowMd}>{r.countRating}</Table.Cell>
              <Table.Cell>{r.tickets}</Table.Cell>
              <Table.Cell className={hideBelowMd}>{duration(r.avgWaitTime)}</Table.Cell>
              <Table.Cell className={hideBelowMd}>{duration(r.avgSupportTime)}</Table.Cell>
              <Table.Cell>
                <span className={dot(r.online)} />
                {r.online ? t("dashboard.attendants.online") : t("dashboard.attendants.offline")}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
