import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { toastError } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import { ChatIcon } from "../../../components/ui/icons";
import { openDialog } from "../../tickets/dialogs";
import { contactForNumber } from "../queries";

/** A received contact card's 'start conversation' action: the new-ticket flow, with the card's contact chosen. */
export function StartConversationButton({ name, number }: { name: string; number: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!number.replace(/\D/g, "")) return null;
  async function start() {
    setBusy(true);
    try {
      openDialog({ kind: "newTicket", contact: await contactForNumber(name, number) });
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="xs"
      variant="outline"
      className={css({ mt: "1", alignSelf: "flex-start" })}
      onClick={() => void start()}
      loading={busy}
      data-testid="extras-contact-card-start"
    >
      <ChatIcon size={14} />
      {t("extras.contactCard.start")}
    </Button>
  );
}
