import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { EditIcon, TrashIcon } from "../../../components/ui/icons";
import { ListPage, ListPageHeader, RowAction } from "../../../components/ui/list-page";
import * as Table from "../../../components/ui/table";
import { queueListQuery } from "../queries";
import { useQueuesRealtime } from "../realtime";
import type { Queue } from "../types";
import { DeleteQueueDialog } from "./DeleteQueueDialog";
import { QueueModal } from "./QueueModal";

const hideBelowMd = css({ hideBelow: "md" });
const hideBelowSm = css({ hideBelow: "sm" });
const swatch = css({ flexShrink: 0, w: "4", h: "4", borderRadius: "sm", borderWidth: "1px", borderColor: "border.default" });

/**
 * /queues: the company's queues with their colour and order; add, edit in the queue dialog (data and chatbot), delete
 * with confirmation (a queue holding live tickets hands them to another queue first).
 */
export default function QueuesPage() {
  const { t } = useTranslation();
  const q = useQuery(queueListQuery);
  useQueuesRealtime();
  const queues = q.data ?? [];
  const [editing, setEditing] = useState<{ queue?: Queue } | null>(null);
  const [deleting, setDeleting] = useState<Queue | null>(null);

  return (
    <ListPage>
      <ListPageHeader
        title={t("queues.title")}
        count={q.data ? queues.length : undefined}
        addLabel={t("queues.add")}
        onAdd={() => setEditing({})}
        addTestId="queues-add"
      />

      <Table.InfiniteScroller loading={q.isPending} data-testid="queues-table-scroller">
        <Table.Root data-testid="queues-table">
          <Table.Head>
            <tr>
              <Table.Header className={hideBelowMd}>{t("queues.columns.id")}</Table.Header>
              <Table.Header>{t("queues.columns.name")}</Table.Header>
              <Table.Header className={hideBelowSm}>{t("queues.columns.color")}</Table.Header>
              <Table.Header className={hideBelowSm}>{t("queues.columns.order")}</Table.Header>
              <Table.Header className={css({ textAlign: "right" })}>{t("queues.columns.actions")}</Table.Header>
            </tr>
          </Table.Head>
          <Table.Body>
            {queues.map((queue) => (
              <Table.Row key={queue.id} data-testid="queue-row" data-queue-id={queue.id}>
                <Table.Cell className={hideBelowMd}>{queue.id}</Table.Cell>
                <Table.Cell className={css({ fontWeight: "medium", maxW: { base: "44", sm: "64", md: "96" } })}>
                  <span className={css({ display: "flex", alignItems: "center", gap: "2", minW: 0 })}>
                    <span aria-hidden className={swatch} style={{ background: queue.color }} />
                    <span className={css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })} data-testid="queue-name">
                      {queue.name}
                    </span>
                  </span>
                </Table.Cell>
                <Table.Cell className={hideBelowSm}>
                  <code className={css({ fontSize: "sm" })}>{queue.color}</code>
                </Table.Cell>
                <Table.Cell className={hideBelowSm}>{queue.orderQueue ?? ""}</Table.Cell>
                <Table.Cell className={css({ textAlign: "right", whiteSpace: "nowrap" })}>
                  <RowAction label={t("common.edit")} onClick={() => setEditing({ queue })} testId="queue-edit">
                    <EditIcon />
                  </RowAction>
                  <RowAction label={t("common.delete")} onClick={() => setDeleting(queue)} testId="queue-delete">
                    <TrashIcon />
                  </RowAction>
                </Table.Cell>
              </Table.Row>
            ))}
            {!q.isPending && queues.length === 0 ? <Table.Empty colSpan={5}>{t("queues.empty")}</Table.Empty> : null}
          </Table.Body>
        </Table.Root>
      </Table.InfiniteScroller>

      {editing ? <QueueModal open onOpenChange={(o) => !o && setEditing(null)} queue={editing.queue} /> : null}
      {deleting ? <DeleteQueueDialog queue={deleting} onClose={() => setDeleting(null)} /> : null}
    </ListPage>
  );
}
