import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import * as Dialog from "../../../components/ui/dialog";
import * as Table from "../../../components/ui/table";
import { channelName } from "../channel-name";
import { formatUpdatedAt } from "../format";
import { companyConnectionsQuery } from "../queries";
import { CheckCircleIcon, ChannelIcon } from "./icons";
import { StatusIcon } from "./StatusIcon";

const hideBelowSm = css({ hideBelow: "sm" });

/** One company's connections, read-only (GET /api/whatsapp/all?companyId=: no secrets). */
export function CompanyConnectionsDialog({ companyId, companyName, onClose }: { companyId: number; companyName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(companyConnectionsQuery(companyId));
  const rows = q.data ?? [];
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} size="lg" lazyMount unmountOnExit>
      <Dialog.Frame data-testid="company-connections-dialog">
        <Dialog.Title>{t("allConnections.dialogTitle", { name: companyName })}</Dialog.Title>
        <Table.InfiniteScroller loading={q.isPending}>
          <Table.Root>
            <Table.Head>
              <tr>
                <Table.Header className={css({ w: "12" })}>{t("connections.columns.channel")}</Table.Header>
                <Table.Header>{t("connections.columns.name")}</Table.Header>
                <Table.Header className={css({ textAlign: "center" })}>{t("connections.columns.status")}</Table.Header>
                <Table.Header className={hideBelowSm}>{t("connections.columns.updatedAt")}</Table.Header>
                <Table.Header className={css({ textAlign: "center" })}>{t("connections.columns.default")}</Table.Header>
              </tr>
            </Table.Head>
            <Table.Body>
              {rows.map((c) => (
                <Table.Row key={c.id} data-testid="company-connection-row">
                  <Table.Cell>
                    <span role="img" aria-label={channelName(t, c.channel)} className={css({ display: "inline-flex" })}>
                      <ChannelIcon channel={c.channel} />
                    </span>
                  </Table.Cell>
                  <Table.Cell className={css({ fontWeight: "medium" })}>{c.name}</Table.Cell>
                  <Table.Cell className={css({ textAlign: "center" })}>
                    <StatusIcon status={c.status} />
                  </Table.Cell>
                  <Table.Cell className={hideBelowSm}>{formatUpdatedAt(c.updatedAt)}</Table.Cell>
                  <Table.Cell className={css({ textAlign: "center", color: "fg.success" })}>
                    {c.isDefault ? (
                      <span role="img" aria-label={t("connections.columns.default")} className={css({ display: "inline-flex" })}>
                        <CheckCircleIcon size={18} />
                      </span>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
              {q.isSuccess && rows.length === 0 ? <Table.Empty colSpan={5}>{t("connections.empty")}</Table.Empty> : null}
            </Table.Body>
          </Table.Root>
        </Table.InfiniteScroller>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
