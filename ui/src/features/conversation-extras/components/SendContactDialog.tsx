import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { toastError } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import type { ContactRow } from "../../contacts/queries";
import { ContactSearch } from "../../tickets/modals/ContactSearch";
import { useSendContactCard } from "../queries";
import { buildVCard } from "../vcard";

/** Send a contact card: pick one of the company's contacts; it goes as a vCard. */
export function SendContactDialog({ ticketId, open, onOpenChange }: { ticketId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [contact, setContact] = useState<ContactRow | null>(null);
  const send = useSendContactCard(ticketId);
  useEffect(() => {
    if (!open) setContact(null);
  }, [open]);

  async function submit() {
    if (!contact) return;
    try {
      await send.mutateAsync({ name: contact.name, vCard: buildVCard(contact) });
      onOpenChange(false);
    } catch (err) {
      toastError(err);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Dialog.Frame data-testid="extras-contact-dialog">
        <Dialog.Title>{t("extras.contactCard.title")}</Dialog.Title>
        <div className={css({ display: "flex", flexDirection: "column", gap: "4", mt: "4", minW: { sm: "sm" } })}>
          <ContactSearch value={contact} onChange={setContact} />
          <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2" })}>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button onClick={() => void submit()} disabled={!contact} loading={send.isPending} data-testid="extras-contact-send">
              {t("extras.send")}
            </Button>
          </div>
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
