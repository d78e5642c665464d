import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import type { OpenTicketHolder } from "../dialogs";

/** The contact already has an open ticket held by another user: who and in which queue. */
export function AlreadyOpenDialog({ holder, onOpenChange }: { holder: OpenTicketHolder; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(d) => onOpenChange(d.open)} role="alertdialog" size="sm" lazyMount unmountOnExit>
      <Dialog.Frame data-testid="already-open-dialog">
        <Dialog.Title>{t("tickets.alreadyOpen.title")}</Dialog.Title>
        <Dialog.Description>
          {holder.userName
            ? t("tickets.alreadyOpen.text", { user: holder.userName, queue: holder.queueName || t("tickets.item.noQueue") })
            : t("tickets.alreadyOpen.textNoUser", { queue: holder.queueName || t("tickets.item.noQueue") })}
        </Dialog.Description>
        <div className={css({ display: "flex", justifyContent: "flex-end" })}>
          <Button onClick={() => onOpenChange(false)}>{t("common.close")}</Button>
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
