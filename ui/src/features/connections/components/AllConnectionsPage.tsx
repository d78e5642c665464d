import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { IconButton } from "../../../components/ui/button";
import { EyeIcon } from "../../../components/ui/icons";
import * as Table from "../../../components/ui/table";
import { Tip } from "../../../components/ui/tooltip";
import { summaryQuery } from "../queries";
import type { ConnectionsSummary } from "../types";
import { CompanyConnectionsDialog } from "./CompanyConnectionsDialog";

const num = css({ textAlign: "right", fontVariantNumeric: "tabular-nums" });

/** /allConnections (super user): every client with its active, deactivated and total connections. */
export default function AllConnectionsPage() {
  const { t } = useTranslation();
  const q = useQuery(summaryQuery);
  const [open, setOpen] = useState<ConnectionsSummary["companies"][number] | null>(null);
  const totals = q.data?.totals;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, flex: "1", minH: 0 })}>
      <h1 className={css({ fontSize: "xl", fontWeight: "semibold" })}>{t("allConnections.title")}</h1>
      <Table.InfiniteScroller loading={q.isPending} data-testid="all-connections-scroller">
        <Table.Root data-testid="all-connections-table">
          <Table.Head>
            <tr>
              <Table.Header>{t("allConnections.columns.client")}</Table.Header>
              <Table.Header className={num}>{t("allConnections.columns.active")}</Table.Header>
              <Table.Header className={num}>{t("allConnections.columns.deactivated")}</Table.Header>
              <Table.Header className={num}>{t("allConnections.columns.total")}</Table.Header>
              <Table.Header className={css({ textAlign: "right" })}>{t("allConnections.columns.connections")}</Table.Header>
            </tr>
          </Table.Head>
          <Table.Body>
            {(q.data?.companies ?? []).map((c) => (
              <Table.Row key={c.companyId} data-testid="all-connections-row" data-company-id={c.companyId}>
                <Table.Cell className={css({ fontWeight: "medium" })}>{c.companyName}</Table.Cell>
                <Table.Cell className={num} data-testid="count-active">
                  {c.active}
                </Table.Cell>
                <Table.Cell className={num} data-testid="count-deactivated">
                  {c.deactivated}
                </Table.Cell>
                <Table.Cell className={num} data-testid="count-total">
                  {c.total}
                </Table.Cell>
                <Table.Cell className={css({ textAlign: "right" })}>
                  <Tip label={t("allConnections.open", { name: c.companyName })}>
                    <IconButton
                      aria-label={t("allConnections.open", { name: c.companyName })}
                      size="sm"
                      onClick={() => setOpen(c)}
                      data-testid="all-connections-open"
                    >
                      <EyeIcon />
                    </IconButton>
                  </Tip>
                </Table.Cell>
              </Table.Row>
            ))}
            {totals ? (
              <Table.Row data-testid="all-connections-total" className={css({ fontWeight: "semibold", bg: "bg.subtle" })}>
                <Table.Cell>{t("allConnections.total")}</Table.Cell>
                <Table.Cell className={num} data-testid="count-active">
                  {totals.active}
                </Table.Cell>
                <Table.Cell className={num} data-testid="count-deactivated">
                  {totals.deactivated}
                </Table.Cell>
                <Table.Cell className={num} data-testid="count-total">
                  {totals.total}
                </Table.Cell>
                <Table.Cell />
              </Table.Row>
            ) : null}
          </Table.Body>
        </Table.Root>
      </Table.InfiniteScroller>
      {open ? <CompanyConnectionsDialog companyId={open.companyId} companyName={open.companyName} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
