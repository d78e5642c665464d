import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { SelectField } from "../../../components/ui/select";
import { queuesQuery } from "../../users/queries";
import { useTicketActions } from "../hooks/useTicketActions";
import { usersPickerQuery } from "../queries";
import type { Ticket } from "../types";

const NOBODY = "none";

/**
 * Transfer: a queue is required to confirm; with a user the ticket goes to them (open), without one
 * it waits in the queue (pending). The optional message is kept as the transfer note.
 */
export function TransferModal({ ticket, onOpenChange }: { ticket: Ticket; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const queues = useQuery(queuesQuery);
  const users = useQuery(usersPickerQuery);
  const actions = useTicketActions();
  const [queueId, setQueueId] = useState("");
  const [userId, setUserId] = useState(NOBODY);
  const [message, setMessage] = useState("");
  return (
    <Dialog.Root open onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Dialog.Frame data-testid="transfer-modal">
        <Dialog.Title>{t("tickets.transfer.title")}</Dialog.Title>
        <FormField label={t("tickets.fields.queue")} required>
          <SelectField
            options={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
            value={queueId}
            onChange={setQueueId}
            placeholder={t("tickets.fields.queuePlaceholder")}
            aria-label={t("tickets.fields.queue")}
          />
        </FormField>
        <FormField label={t("tickets.transfer.user")}>
          <SelectField
            options={[{ value: NOBODY, label: t("tickets.transfer.noUser") }, ...(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))]}
            value={userId}
            onChange={setUserId}
            aria-label={t("tickets.transfer.user")}
          />
        </FormField>
        <FormField label={t("tickets.transfer.message")}>
          <Textarea rows={2} value={message} onChange={(e) => setMessage(e.target.value)} name="msgTransfer" />
        </FormField>
        <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2" })}>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button
            disabled={!queueId}
            loading={actions.pending}
            onClick={() => void actions.doTransfer(ticket, { queueId: Number(queueId), userId: userId === NOBODY ? null : Number(userId), message })}
            data-testid="transfer-confirm"
          >
            {t("tickets.transfer.confirm")}
          </Button>
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
