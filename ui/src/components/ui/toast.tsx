import { Portal } from "@ark-ui/react/portal";
import { Toast as ArkToast, Toaster as ArkToaster, createToaster } from "@ark-ui/react/toast";
import { useTranslation } from "react-i18next";
import { toast as toastRecipe } from "../../../styled-system/recipes";
import { IconButton } from "./button";
import { XIcon } from "./icons";

const TOAST_MS = 2000;

/** Toasts top-centre, closing after 2 s whatever their type (pass `duration: 3000` on the flow screens). */
export const toaster = createToaster({ placement: "top", duration: TOAST_MS, overlap: false, gap: 12, max: 5 });

// An explicit duration on every toast: Zag gives an error, warning or info toast its own 5 s default when the one
// passed to create() is undefined, whatever the toaster's.
export const toast = {
  success: (title: string, duration = TOAST_MS) => toaster.create({ title, type: "success", duration }),
  error: (title: string, duration = TOAST_MS) => toaster.create({ title, type: "error", duration }),
  warning: (title: string, duration = TOAST_MS) => toaster.create({ title, type: "warning", duration }),
  info: (title: string, duration = TOAST_MS) => toaster.create({ title, type: "info", duration }),
};

export function Toaster() {
  const { t } = useTranslation();
  const s = toastRecipe();
  return (
    <Portal>
      <ArkToaster toaster={toaster}>
        {(item) => (
          <ArkToast.Root className={s.root} role={item.type === "error" ? "alert" : "status"} data-testid="toast">
            <ArkToast.Title className={s.title}>{item.title}</ArkToast.Title>
            {item.description ? <ArkToast.Description className={s.description}>{item.description}</ArkToast.Description> : null}
            <ArkToast.CloseTrigger asChild className={s.closeTrigger}>
              <IconButton aria-label={t("common.close")} size="xs">
                <XIcon size={14} />
              </IconButton>
            </ArkToast.CloseTrigger>
          </ArkToast.Root>
        )}
      </ArkToaster>
    </Portal>
  );
}
