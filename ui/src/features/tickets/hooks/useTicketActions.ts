import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client";
import { toastError } from "../../../api/errors";
import { toast } from "../../../components/ui/toast";
import { session } from "../../auth/store";
import { openTicketHolder } from "../conflict";
import { closeDialog, openDialog } from "../dialogs";
import { useDeleteTicket, useUpdateTicket, type TicketUpdate } from "../queries";
import { inbox, setMobileTab, showTicketTab } from "../store";
import type { Ticket } from "../types";

/** The server's answer when requiredTag is on and the contact has no tag. */
const REQUIRED_TAG = "ERR_TAG_REQUIRED";

/**
 * The ticket transitions (accept, transfer, return to pending, resolve, reopen) as the list items and the conversation header offer them. Accept and reopen
 * of a ticket without a queue ask for one first; a conflict with another open ticket shows who holds it, or opens it
 * when it is the current user's.
 */
export function useTicketActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateTicket();
  const remove = useDeleteTicket();

  const me = () => session.user?.id ?? 0;
  const open = (uuid: string) => {
    setMobileTab("ticket");
    void navigate({ to: "/tickets/$ticketId", params: { ticketId: uuid } });
  };
  /** Leaving the ticket on screen goes back to /tickets. */
  const leave = (ticket: Ticket) => {
    if (inbox.openTicketId === ticket.id) void navigate({ to: "/tickets" });
  };

  const failed = (err: unknown) => {
    const holder = openTicketHolder(err);
    if (holder) {
      if (holder.userId === me()) open(holder.uuid);
      else openDialog({ kind: "alreadyOpen", holder });
      return;
    }
    if (err instanceof ApiError && err.code === REQUIRED_TAG) return void toast.warning(t("tickets.requiredTag"));
    toastError(err);
  };

  const put = async (ticket: Ticket, body: TicketUpdate): Promise<Ticket | null> => {
    try {
      return await update.mutateAsync({ id: ticket.id, body });
    } catch (err) {
      failed(err);
      return null;
    }
  };

  const take = async (ticket: Ticket, queueId?: number) => {
    const r = await put(ticket, { status: "open", userId: me(), ...(queueId ? { queueId } : {}) });
    if (!r) return;
    closeDialog();
    showTicketTab(r.status);
    open(r.uuid);
  };

  return {
    pending: update.isPending || remove.isPending,
    accept: (ticket: Ticket) => (ticket.queueId ? take(ticket) : openDialog({ kind: "accept", ticket, reopen: false })),
    reopen: (ticket: Ticket) => (ticket.queueId ? take(ticket) : openDialog({ kind: "accept", ticket, reopen: true })),
    /** Accept or reopen with the queue chosen in the accept dialog. */
    takeWithQueue: take,
    returnToQueue: async (ticket: Ticket) => {
      if (await put(ticket, { status: "pending", userId: null })) leave(ticket);
    },
    resolve: (ticket: Ticket) => openDialog({ kind: "resolve", ticket }),
    doResolve: async (ticket: Ticket, sendFarewellMessage: boolean, ratingId?: number) => {
      const r = await put(ticket, { status: "closed", userId: ticket.userId ?? me(), sendFarewellMessage, ...(ratingId ? { ratingId } : {}) });
      if (!r) return;
      closeDialog();
      leave(ticket);
    },
    ignore: async (ticket: Ticket) => {
      if (await put(ticket, { status: "closed", sendFarewellMessage: false, amountUsedBotQueues: 0 })) leave(ticket);
    },
    transfer: (ticket: Ticket) => openDialog({ kind: "transfer", ticket }),
    doTransfer: async (ticket: Ticket, target: { queueId: number; userId: number | null; message: string }) => {
      const r = await put(ticket, {
        queueId: target.queueId,
        userId: target.userId,
        status: target.userId ? "open" : "pending",
        isTransfered: true,
        ...(target.message.trim() ? { msgTransfer: target.message.trim() } : {}),
      });
      if (!r) return;
      closeDialog();
      toast.success(t("tickets.transfer.done"));
      if (r.userId !== me()) leave(ticket);
    },
    remove: (ticket: Ticket) => openDialog({ kind: "delete", ticket }),
    doRemove: async (ticket: Ticket) => {
      try {
        await remove.mutateAsync(ticket.id);
        toast.success(t("tickets.deleted"));
        leave(ticket);
      } catch {
        // the mutation cache showed the error
      }
    },
    open,
  };
}
