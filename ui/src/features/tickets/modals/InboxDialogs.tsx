import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { ConfirmationDialog } from "../../../components/ui/confirmation-dialog";
import { toast } from "../../../components/ui/toast";
import { closeDialog, dialogs, type InboxDialog } from "../dialogs";
import { useTicketActions } from "../hooks/useTicketActions";
import { useSelectedQueueIds } from "../hooks/useInboxParams";
import { useCloseAll } from "../queries";
import { AcceptModal } from "./AcceptModal";
import { AlreadyOpenDialog } from "./AlreadyOpenDialog";
import { NewTicketModal } from "./NewTicketModal";
import { ResolveDialog } from "./ResolveDialog";
import { TransferModal } from "./TransferModal";

/** The inbox's modals, one at a time, opened through dialogs.ts by the list items, the header and the toolbar. */
export function InboxDialogs() {
  const { t } = useTranslation();
  const d = useSnapshot(dialogs).current as InboxDialog | null;
  const actions = useTicketActions();
  const closeAll = useCloseAll();
  const queueIds = useSelectedQueueIds();
  const onOpenChange = (open: boolean) => !open && closeDialog();
  if (!d) return null;
  switch (d.kind) {
    case "accept":
      return <AcceptModal ticket={d.ticket} reopen={d.reopen} onOpenChange={onOpenChange} />;
    case "resolve":
      return <ResolveDialog ticket={d.ticket} onOpenChange={onOpenChange} />;
    case "transfer":
      return <TransferModal ticket={d.ticket} onOpenChange={onOpenChange} />;
    case "newTicket":
      return <NewTicketModal onOpenChange={onOpenChange} contact={d.contact} />;
    case "alreadyOpen":
      return <AlreadyOpenDialog holder={d.holder} onOpenChange={onOpenChange} />;
    case "delete":
      return (
        <ConfirmationDialog
          open
          onOpenChange={onOpenChange}
          danger
          title={t("tickets.confirmDelete.title", { id: d.ticket.id })}
          confirmLabel={t("common.delete")}
          onConfirm={() => actions.doRemove(d.ticket)}
        >
          {t("tickets.confirmDelete.text")}
        </ConfirmationDialog>
      );
    case "closeAll":
      return (
        <ConfirmationDialog
          open
          onOpenChange={onOpenChange}
          title={t("tickets.closeAll.title")}
          confirmLabel={t("tickets.closeAll.confirm")}
          onConfirm={async () => {
            try {
              await closeAll.mutateAsync({ status: d.status, selectedQueueIds: queueIds });
              toast.success(t("tickets.closeAll.done"));
            } catch {
              // the mutation cache showed the error
            }
          }}
        >
          {t(`tickets.closeAll.text_${d.status === "pending" ? "pending" : "open"}`)}
        </ConfirmationDialog>
      );
  }
}
