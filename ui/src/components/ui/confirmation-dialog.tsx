import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../styled-system/css";
import { Button } from "./button";
import * as Dialog from "./dialog";
import { toast } from "./toast";

/** "Are you sure?" with Cancel / Confirm; onConfirm runs, then the dialog closes. */
export function ConfirmationDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children?: ReactNode;
  onConfirm: () => void | Promise<void>;
  confirmLabel?: ReactNode;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={props.open} onOpenChange={(d) => props.onOpenChange(d.open)} role="alertdialog" size="sm" lazyMount unmountOnExit>
      <Dialog.Frame data-testid="confirmation-dialog">
        <Dialog.Title>{props.title}</Dialog.Title>
        {props.children ? <Dialog.Description>{props.children}</Dialog.Description> : null}
        <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2", flexWrap: "wrap" })}>
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button
            variant={props.danger ? "danger" : "solid"}
            onClick={async () => {
              props.onOpenChange(false);
              await props.onConfirm();
            }}
          >
            {props.confirmLabel ?? t("common.confirm")}
          </Button>
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}

/**
 * "Delete …?" for the item a list page is about to delete (open while `item` is set): on confirm it runs `remove` and
 * toasts `deletedText`; a failed request was already shown by the mutation cache.
 */
export function DeleteConfirmation<T>(props: {
  item: T | null;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  remove: (item: T) => Promise<unknown>;
  deletedText: string;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmationDialog
      open={props.item !== null}
      onOpenChange={(o) => !o && props.onClose()}
      title={props.title}
      confirmLabel={t("common.delete")}
      danger
      onConfirm={async () => {
        const item = props.item;
        if (item === null) return;
        try {
          await props.remove(item);
          toast.success(props.deletedText);
        } catch {
          // the mutation cache already showed the error in the catalogue's words
        }
      }}
    >
      {props.children}
    </ConfirmationDialog>
  );
}
