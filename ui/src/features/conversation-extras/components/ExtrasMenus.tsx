import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { toastError } from "../../../api/errors";
import { IconButton } from "../../../components/ui/button";
import { CameraIcon, ClockIcon, ContactsIcon, DownloadIcon, ForwardIcon, PlusIcon, VideoIcon } from "../../../components/ui/icons";
import * as Menu from "../../../components/ui/menu";
import { toast } from "../../../components/ui/toast";
import { session } from "../../auth/store";
import { useCompanySetting } from "../../tickets/hooks/useCompanySetting";
import { useSendMessage } from "../../tickets/queries";
import type { Ticket } from "../../tickets/types";
import { exportConversation, NothingToExportError } from "../pdf/exportConversation";
import { closeExtrasDialog, extras, openExtrasDialog, startForwarding } from "../store";
import { videoCallLink } from "../video-call";
import { CameraDialog } from "./CameraDialog";
import { SendContactDialog } from "./SendContactDialog";
import { TicketLogDialog } from "./TicketLogDialog";

/**
 * The input bar's extras menu: camera capture, send a contact card, video-call link (when the company
 * has a meeting host). `disabled` follows the input's rule (open or group tickets, nothing in flight).
 */
export function InputExtrasMenu({ ticket, disabled }: { ticket: Pick<Ticket, "id" | "uuid">; disabled?: boolean }) {
  const { t } = useTranslation();
  const host = useCompanySetting("videoCallHost") ?? "";
  const send = useSendMessage(ticket.id);

  function videoCall() {
    const companyId = session.user?.companyId;
    if (!companyId || !host) return;
    const link = videoCallLink(host, companyId, ticket);
    send.mutate({ body: t("extras.videoCall.message", { link }), isPrivate: false }, { onError: toastError });
  }

  return (
    <Menu.Frame
      positioning={{ placement: "top-start" }}
      lazyMount
      unmountOnExit
      trigger={
        <IconButton aria-label={t("extras.menu.input")} size="sm" data-testid="extras-input-menu" disabled={disabled}>
          <PlusIcon />
        </IconButton>
      }
    >
      <Menu.Item value="camera" onSelect={() => openExtrasDialog("camera", ticket.id)} data-testid="extras-open-camera">
        <CameraIcon />
        {t("extras.camera.title")}
      </Menu.Item>
      <Menu.Item value="contact" onSelect={() => openExtrasDialog("contact", ticket.id)} data-testid="extras-open-contact">
        <ContactsIcon />
        {t("extras.contactCard.title")}
      </Menu.Item>
      {host ? (
        <Menu.Item value="video" onSelect={videoCall} data-testid="extras-video-call">
          <VideoIcon />
          {t("extras.videoCall.action")}
        </Menu.Item>
      ) : null}
    </Menu.Frame>
  );
}

/** Items for the conversation header's menu: the ticket log timeline, export to PDF, picking messages to forward. */
export function HeaderExtrasItems({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const { exporting } = useSnapshot(extras);

  async function exportPdf() {
    extras.exporting = true;
    try {
      await exportConversation(ticket);
    } catch (err) {
      if (err instanceof NothingToExportError) toast.error(t("extras.pdf.notFound"));
      else toastError(err);
    } finally {
      extras.exporting = false;
    }
  }

  return (
    <>
      <Menu.Item value="extras-timeline" onSelect={() => openExtrasDialog("timeline", ticket.id)} data-testid="extras-open-timeline">
        <ClockIcon />
        {t("extras.timeline.action")}
      </Menu.Item>
      <Menu.Item value="extras-pdf" onSelect={() => void exportPdf()} disabled={exporting} data-testid="extras-export-pdf">
        <DownloadIcon />
        {t("extras.pdf.action")}
      </Menu.Item>
      <Menu.Item value="extras-forward" onSelect={() => startForwarding(ticket.id)} data-testid="extras-start-forward">
        <ForwardIcon />
        {t("extras.forward.start")}
      </Menu.Item>
    </>
  );
}

/** The extras' dialogs of the open conversation, mounted once beside it (the menus that open them close on select). */
export function ExtrasDialogs({ ticketId }: { ticketId: number }) {
  const { dialog } = useSnapshot(extras);
  const kind = dialog?.ticketId === ticketId ? dialog.kind : null;
  // Stable: the camera dialog's stream effect depends on it.
  const onOpenChange = useCallback((open: boolean) => void (open || closeExtrasDialog()), []);
  return (
    <>
      <CameraDialog ticketId={ticketId} open={kind === "camera"} onOpenChange={onOpenChange} />
      <SendContactDialog ticketId={ticketId} open={kind === "contact"} onOpenChange={onOpenChange} />
      <TicketLogDialog ticketId={ticketId} open={kind === "timeline"} onOpenChange={onOpenChange} />
    </>
  );
}
