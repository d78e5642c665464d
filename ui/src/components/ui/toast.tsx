import { Portal } from "@ark-ui/react/portal";
import { Toast as ArkToast, Toaster as ArkToaster, createToaster } from "@ark-ui/react/toast";
import { useTranslation } from "react-i18next";
import { toast as toastRecipe } from "../../../styled-system/recipes";
import { IconButton } from "./button";
import { XIcon } from "./icons";

/** Toasts top-centre, closing after 2 s (pass `duration: 3000` on the flow screens). */
export const toaster = createToaster({ placement: "top", duration: 2000, overlap: false, gap: 12, max: 5 });

export const toast = {
  success: (title: string, duration?: number) => toaster.create({ title, type: "success", duration }),
  error: (title: string, duration?: number) => toaster.create({ title, type: "error", duration }),
  warning: (title: string, duration?: number) => toaster.create({ title, type: "warning", duration }),
  info: (title: string, duration?: number) => toaster.create({ title, type: "info", duration }),
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
