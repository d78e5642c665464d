import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { toastError } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { SelectField } from "../../../components/ui/select";
import { toast } from "../../../components/ui/toast";
import { chatbotFieldErrors } from "../chatbot";
import { queueListQuery, useDeleteQueue } from "../queries";
import type { Queue } from "../types";

/** What still points at the queue: a connection, or a chatbot option of another queue (`queueId`). */
type UsedBy = { kind: "connection" | "chatbot"; id: number; name: string; queueId?: number };
type Stage = { kind: "confirm" } | { kind: "move"; tickets: number } | { kind: "inUse"; usedBy: UsedBy[] };
const KINDS = ["connection", "chatbot"] as const;

/**
 * Deleting a queue: confirm; a queue that still holds live tickets asks for the queue that takes them and tries again
 * with it; a queue something still points at (a connection, another queue's chatbot option) names each of them, an
 * option with its queue, and deletes nothing.
 */
export function DeleteQueueDialog({ queue, onClose }: { queue: Queue; onClose: () => void }) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>({ kind: "confirm" });
  const [target, setTarget] = useState("");
  const [targetError, setTargetError] = useState<string | null>(null);
  const queues = useQuery(queueListQuery).data ?? [];
  const others = queues.filter((q) => q.id !== queue.id);
  const label = (u: UsedBy) => {
    const owner = u.queueId === undefined ? undefined : queues.find((q) => q.id === u.queueId);
    return owner ? `${u.name} (${owner.name})` : u.name;
  };
  const remove = useDeleteQueue();

  const run = async () => {
    if (stage.kind === "move" && !target) return setTargetError("validation.required");
    try {
      await remove.mutateAsync({ id: queue.id, targetQueueId: stage.kind === "move" ? Number(target) : undefined });
    } catch (error) {
      if (error instanceof ApiError && error.code === "ERR_QUEUE_HAS_TICKETS") setStage({ kind: "move", tickets: Number(error.body.tickets) || 0 });
      else if (error instanceof ApiError && error.code === "ERR_QUEUE_IN_USE") setStage({ kind: "inUse", usedBy: (error.body.usedBy as UsedBy[]) ?? [] });
      else if (error instanceof ApiError && error.code === "ERR_VALIDATION" && error.fields.targetQueueId)
        setTargetError(chatbotFieldErrors(error.fields).targetQueueId ?? null);
      else toastError(error);
      return;
    }
    toast.success(stage.kind === "move" ? t("queues.delete.movedAndDeleted") : t("queues.deleted"));
    onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} role="alertdialog" size="sm" lazyMount unmountOnExit>
      <Dialog.Frame data-testid="confirmation-dialog">
        <Dialog.Title>{t("queues.confirmDelete.title", { name: queue.name })}</Dialog.Title>
        {stage.kind === "confirm" ? <Dialog.Description>{t("queues.confirmDelete.text")}</Dialog.Description> : null}
        {stage.kind === "move" ? (
          <>
            <Dialog.Description>{t("queues.delete.hasTickets", { count: stage.tickets })}</Dialog.Description>
            {others.length ? (
              <FormField error={targetError ? t(targetError) : null} required>
                <SelectField
                  label={`${t("queues.delete.target")} *`}
                  name="targetQueueId"
                  options={others.map((q) => ({ value: String(q.id), label: q.name }))}
                  value={target}
                  onChange={(v) => {
                    setTarget(v);
                    setTargetError(null);
                  }}
                  placeholder={t("queues.delete.pickTarget")}
                  invalid={!!targetError}
                />
              </FormField>
            ) : (
              <p role="alert" className={css({ fontSize: "sm", color: "fg.error" })}>
                {t("queues.delete.noOtherQueue")}
              </p>
            )}
          </>
        ) : null}
        {stage.kind === "inUse" ? (
          <div className={css({ display: "flex", flexDirection: "column", gap: "2", fontSize: "sm" })} data-testid="queue-in-use">
            <p className={css({ color: "fg.muted" })}>{t("queues.delete.inUse")}</p>
            <ul className={css({ display: "flex", flexDirection: "column", gap: "1", pl: "4", listStyle: "disc" })}>
              {KINDS.map((kind) => {
                const names = stage.usedBy.filter((u) => u.kind === kind).map(label);
                return names.length ? (
                  <li key={kind} data-testid={`queue-in-use-${kind}`}>
                    <strong>{t(`queues.delete.usedBy.${kind}`)}</strong> {names.join(", ")}
                  </li>
                ) : null;
              })}
            </ul>
          </div>
        ) : null}
        <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2", flexWrap: "wrap" })}>
          <Button variant="outline" onClick={onClose}>
            {stage.kind === "inUse" ? t("common.close") : t("common.cancel")}
          </Button>
          {stage.kind === "inUse" ? null : (
            <Button
              variant="danger"
              loading={remove.isPending}
              disabled={stage.kind === "move" && !others.length}
              onClick={run}
              data-testid="queue-delete-confirm"
            >
              {stage.kind === "move" ? t("queues.delete.moveAndDelete") : t("common.delete")}
            </Button>
          )}
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
