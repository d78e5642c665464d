import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { useTicketActions } from "../hooks/useTicketActions";
import type { Ticket } from "../types";

/** A long label wraps inside its button instead of running past the dialog. */
const wrapping = css({ whiteSpace: "normal", h: "auto", minH: "10", py: "2" });

/** Resolving offers to close without a farewell or with the standard one. */
export function ResolveDialog({ ticket, onOpenChange }: { ticket: Ticket; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const actions = useTicketActions();
  return (
    <Dialog.Root open onOpenChange={(d) => onOpenChange(d.open)} size="sm" lazyMount unmountOnExit>
      <Dialog.Frame data-testid="resolve-dialog">
        <Dialog.Title>{t("tickets.resolve.title")}</Dialog.Title>
        <Dialog.Description>{t("tickets.resolve.text", { name: ticket.contact.name })}</Dialog.Description>
        {/* Two long labels do not fit side by side in a small dialog in every language: one choice per row, full width. */}
        <div className={css({ display: "flex", flexDirection: "column-reverse", gap: "2" })}>
          <Button
            variant="outline"
            full
            className={wrapping}
            onClick={() => void actions.doResolve(ticket, false)}
            disabled={actions.pending}
            data-testid="resolve-without-farewell"
          >
            {t("tickets.resolve.withoutFarewell")}
          </Button>
          <Button full className={wrapping} onClick={() => void actions.doResolve(ticket, true)} disabled={actions.pending} data-testid="resolve-with-farewell">
            {t("tickets.resolve.withFarewell")}
          </Button>
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
