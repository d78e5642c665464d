import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button, IconButton } from "../../../components/ui/button";
import { EditIcon, PlusIcon, TrashIcon } from "../../../components/ui/icons";
import * as Table from "../../../components/ui/table";
import { Tip } from "../../../components/ui/tooltip";
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
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, flex: "1", minH: 0 })}>
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "3" })}>
        <h1 className={css({ fontSize: "xl", fontWeight: "semibold", flex: "1", minW: "40" })}>
          {t("queues.title")}
          {q.data ? <span className={css({ color: "fg.muted", fontWeight: "normal", ml: "2", fontSize: "md" })}>({queues.length})</span> : null}
        </h1>
        <Button onClick={() => setEditing({})} data-testid="queues-add">
          <PlusIcon size={18} />
          {t("queues.add")}
        </Button>
      </div>

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
                  <Tip label={t("common.edit")}>
                    <IconButton aria-label={t("common.edit")} size="sm" onClick={() => setEditing({ queue })} data-testid="queue-edit">
                      <EditIcon />
                    </IconButton>
                  </Tip>
                  <Tip label={t("common.delete")}>
                    <IconButton aria-label={t("common.delete")} size="sm" onClick={() => setDeleting(queue)} data-testid="queue-delete">
                      <TrashIcon />
                    </IconButton>
                  </Tip>
                </Table.Cell>
              </Table.Row>
            ))}
            {!q.isPending && queues.length === 0 ? <Table.Empty colSpan={5}>{t("queues.empty")}</Table.Empty> : null}
          </Table.Body>
        </Table.Root>
      </Table.InfiniteScroller>

      {editing ? <QueueModal open onOpenChange={(o) => !o && setEditing(null)} queue={editing.queue} /> : null}
      {deleting ? <DeleteQueueDialog queue={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
