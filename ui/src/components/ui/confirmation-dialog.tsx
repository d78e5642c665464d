import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../styled-system/css";
import { Button } from "./button";
import * as Dialog from "./dialog";

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
