import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css } from "../../../../styled-system/css";
import { toastError } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import * as Dialog from "../../../components/ui/dialog";
import { ForwardIcon } from "../../../components/ui/icons";
import { toast } from "../../../components/ui/toast";
import type { ContactRow } from "../../contacts/queries";
import { composer, setSignature } from "../../tickets/conversation/composer";
import { useCompanySetting } from "../../tickets/hooks/useCompanySetting";
import { ContactSearch } from "../../tickets/modals/ContactSearch";
import { useForwardMessages } from "../queries";
import { extras, stopForwarding, toggleForwarded } from "../store";

/** The checkbox a message row shows while messages of its ticket are being picked for forwarding. */
export function ForwardCheckbox({ message }: { message: { id: number; ticketId: number; isPrivate?: boolean; isDeleted?: boolean } }) {
  const { t } = useTranslation();
  const { forwardTicketId, forwardIds } = useSnapshot(extras);
  if (forwardTicketId !== message.ticketId || message.isPrivate || message.isDeleted) return null;
  return (
    <input
      type="checkbox"
      aria-label={t("extras.forward.select")}
      data-testid={`extras-forward-check-${message.id}`}
      checked={forwardIds.includes(message.id)}
      onChange={() => toggleForwarded(message.id)}
      className={css({ w: "4", h: "4", accentColor: "accent.default", cursor: "pointer", flexShrink: 0 })}
    />
  );
}

/**
 * The selection bar above the input while forwarding (count, cancel, forward) and the forward dialog: a contact, the
 * signature choice (when the company allows signatures), at least one message.
 */
export function ForwardBar({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const { forwardTicketId, forwardIds } = useSnapshot(extras);
  const [open, setOpen] = useState(false);
  // Leaving the conversation ends its selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ticket id is listed so that switching conversations runs the cleanup that ends the selection.
  useEffect(() => () => stopForwarding(), [ticketId]);
  if (forwardTicketId !== ticketId) return null;
  return (
    <div
      data-testid="extras-forward-bar"
      className={css({
        display: "flex",
        alignItems: "center",
        gap: "3",
        px: "4",
        py: "2",
        borderTopWidth: "1px",
        borderColor: "border.muted",
        bg: "bg.subtle",
      })}
    >
      <span className={css({ flex: "1", fontSize: "sm" })}>{t("extras.forward.selected", { count: forwardIds.length })}</span>
      <Button variant="ghost" size="sm" onClick={stopForwarding} data-testid="extras-forward-cancel">
        {t("common.cancel")}
      </Button>
      <Button size="sm" data-testid="extras-forward-open" onClick={() => (forwardIds.length ? setOpen(true) : toast.error(t("extras.forward.noneSelected")))}>
        <ForwardIcon size={16} />
        {t("extras.forward.action")}
      </Button>
      <ForwardDialog open={open} onOpenChange={setOpen} messageIds={[...forwardIds]} />
    </div>
  );
}

function ForwardDialog({ open, onOpenChange, messageIds }: { open: boolean; onOpenChange: (open: boolean) => void; messageIds: number[] }) {
  const { t } = useTranslation();
  const [contact, setContact] = useState<ContactRow | null>(null);
  const { signature } = useSnapshot(composer);
  const signAllowed = useCompanySetting("sendSignMessage") === "enabled";
  const forward = useForwardMessages();
  useEffect(() => {
    if (open) setContact(null);
  }, [open]);

  async function submit() {
    if (!contact) return;
    if (!messageIds.length) return void toast.error(t("extras.forward.noneSelected"));
    try {
      await forward.mutateAsync({ messageId: messageIds, contactId: contact.id, signMessage: signAllowed && signature });
      toast.success(t("extras.forward.done", { count: messageIds.length }));
      onOpenChange(false);
      stopForwarding();
    } catch (err) {
      toastError(err);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Dialog.Frame data-testid="extras-forward-dialog">
        <Dialog.Title>{t("extras.forward.title", { count: messageIds.length })}</Dialog.Title>
        <div className={css({ display: "flex", flexDirection: "column", gap: "4", mt: "4", minW: { sm: "sm" } })}>
          <ContactSearch value={contact} onChange={setContact} />
          {signAllowed ? <Checkbox label={t("extras.forward.sign")} checked={signature} onCheckedChange={setSignature} /> : null}
          <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2" })}>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button onClick={() => void submit()} disabled={!contact} loading={forward.isPending} data-testid="extras-forward-send">
              {t("extras.forward.action")}
            </Button>
          </div>
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
