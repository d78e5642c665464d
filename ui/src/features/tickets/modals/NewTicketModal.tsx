import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { toastError } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { SelectField } from "../../../components/ui/select";
import { useSessionUser } from "../../auth/hooks";
import type { ContactRow } from "../../contacts/queries";
import { connectionsQuery, queuesQuery } from "../../users/queries";
import { openTicketHolder } from "../conflict";
import { closeDialog, openDialog } from "../dialogs";
import { useTicketActions } from "../hooks/useTicketActions";
import { useCreateTicket } from "../queries";
import { showTicketTab } from "../store";
import { ContactSearch } from "./ContactSearch";

type Errors = Partial<Record<"contact" | "queue" | "connection", string>>;

/**
 * New ticket: a contact (searched from 3 characters), a queue ('Selecione uma fila') and a
 * connection are required. When the contact already has an open ticket, the holder is named — or, when it is the
 * current user, that ticket opens.
 */
export function NewTicketModal({ onOpenChange, contact: chosen }: { onOpenChange: (open: boolean) => void; contact?: ContactRow }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const queues = useQuery(queuesQuery);
  const connections = useQuery(connectionsQuery);
  const create = useCreateTicket();
  const actions = useTicketActions();
  const [contact, setContact] = useState<ContactRow | null>(chosen ?? null);
  const [queueId, setQueueId] = useState("");
  const [whatsappId, setWhatsappId] = useState(user?.whatsappId ? String(user.whatsappId) : "");
  const [errors, setErrors] = useState<Errors>({});

  const queueOptions = (user?.queues.length ? user.queues : (queues.data ?? [])).map((q) => ({ value: String(q.id), label: q.name }));
  const live = connections.data ?? [];
  const connectionOptions = live.map((c) => ({ value: String(c.id), label: c.name }));
  const connection = whatsappId || String(live.find((c) => c.isDefault)?.id ?? "");

  const submit = async () => {
    const next: Errors = {};
    if (!contact) next.contact = t("tickets.validation.selectContact");
    if (!queueId) next.queue = t("tickets.validation.selectQueue");
    if (!connection) next.connection = t("tickets.validation.selectConnection");
    setErrors(next);
    if (Object.keys(next).length || !contact || !user) return;
    try {
      const ticket = await create.mutateAsync({
        contactId: contact.id,
        queueId: Number(queueId),
        whatsappId: Number(connection),
        userId: user.id,
        status: "open",
      });
      closeDialog();
      showTicketTab(ticket.status);
      actions.open(ticket.uuid);
    } catch (err) {
      const holder = openTicketHolder(err);
      if (!holder) return toastError(err);
      if (holder.userId === user.id) {
        closeDialog();
        showTicketTab(holder.status ?? "open");
        actions.open(holder.uuid);
      } else openDialog({ kind: "alreadyOpen", holder });
    }
  };

  return (
    <Dialog.Root open onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Dialog.Frame data-testid="new-ticket-modal">
        <Dialog.Title>{t("tickets.newTicket.title")}</Dialog.Title>
        <FormField error={errors.contact}>
          <ContactSearch
            value={contact}
            onChange={(c) => {
              setContact(c);
              setErrors((e) => ({ ...e, contact: undefined }));
            }}
            invalid={!!errors.contact}
          />
        </FormField>
        <FormField label={t("tickets.fields.queue")} error={errors.queue} required>
          <SelectField
            options={queueOptions}
            value={queueId}
            onChange={(v) => {
              setQueueId(v);
              setErrors((e) => ({ ...e, queue: undefined }));
            }}
            placeholder={t("tickets.fields.queuePlaceholder")}
            aria-label={t("tickets.fields.queue")}
            invalid={!!errors.queue}
          />
        </FormField>
        <FormField label={t("tickets.fields.connection")} error={errors.connection} required>
          <SelectField
            options={connectionOptions}
            value={connection}
            onChange={(v) => {
              setWhatsappId(v);
              setErrors((e) => ({ ...e, connection: undefined }));
            }}
            placeholder={t("tickets.fields.connectionPlaceholder")}
            aria-label={t("tickets.fields.connection")}
            invalid={!!errors.connection}
          />
        </FormField>
        <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2" })}>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button onClick={() => void submit()} loading={create.isPending} data-testid="new-ticket-save">
            {t("tickets.newTicket.save")}
          </Button>
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
