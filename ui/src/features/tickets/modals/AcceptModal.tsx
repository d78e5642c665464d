import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { SelectField } from "../../../components/ui/select";
import { useSessionUser } from "../../auth/hooks";
import { queuesQuery } from "../../users/queries";
import { useTicketActions } from "../hooks/useTicketActions";
import type { Ticket } from "../types";

/** Accepting (or reopening) a ticket that has no queue asks for one first. */
export function AcceptModal({ ticket, reopen, onOpenChange }: { ticket: Ticket; reopen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const all = useQuery(queuesQuery);
  const options = (user?.queues.length ? user.queues : (all.data ?? [])).map((q) => ({ value: String(q.id), label: q.name }));
  const [queueId, setQueueId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const actions = useTicketActions();
  const submit = () => {
    if (!queueId) return setError(t("tickets.validation.selectQueue"));
    void actions.takeWithQueue(ticket, Number(queueId));
  };
  return (
    <Dialog.Root open onOpenChange={(d) => onOpenChange(d.open)} size="sm" lazyMount unmountOnExit>
      <Dialog.Frame data-testid="accept-modal">
        <Dialog.Title>{reopen ? t("tickets.accept.reopenTitle") : t("tickets.accept.title")}</Dialog.Title>
        <Dialog.Description>{t("tickets.accept.text", { name: ticket.contact.name })}</Dialog.Description>
        <FormField label={t("tickets.fields.queue")} error={error} required>
          <SelectField
            options={options}
            value={queueId}
            onChange={(v) => {
              setQueueId(v);
              setError(null);
            }}
            placeholder={t("tickets.fields.queuePlaceholder")}
            aria-label={t("tickets.fields.queue")}
          />
        </FormField>
        <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2" })}>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button onClick={submit} loading={actions.pending} data-testid="accept-confirm">
            {reopen ? t("tickets.actions.reopen") : t("tickets.actions.accept")}
          </Button>
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
