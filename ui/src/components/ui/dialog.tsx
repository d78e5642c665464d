import { Dialog as ArkDialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { dialog } from "../../../styled-system/recipes";
import { XIcon } from "./icons";
import { IconButton } from "./button";
import { createStyleContext, type SlotRecipe } from "./style-context";

/** Ark's Dialog parts styled by a slot recipe of the dialog anatomy: the centred dialog here, the side sheet in drawer.tsx. */
export function createDialogParts<V extends Record<string, unknown>>(recipe: SlotRecipe<V>) {
  const { withRootProvider, withContext } = createStyleContext(recipe);
  return {
    Root: withRootProvider(ArkDialog.Root),
    Trigger: ArkDialog.Trigger,
    Backdrop: withContext(ArkDialog.Backdrop, "backdrop"),
    Positioner: withContext(ArkDialog.Positioner, "positioner"),
    Content: withContext(ArkDialog.Content, "content"),
    Title: withContext(ArkDialog.Title, "title"),
    Description: withContext(ArkDialog.Description, "description"),
    CloseTrigger: withContext(ArkDialog.CloseTrigger, "closeTrigger"),
  };
}

export const { Root, Trigger, Backdrop, Positioner, Content, Title, Description, CloseTrigger } = createDialogParts(dialog);

/** The usual composition: backdrop, positioner, content with a close button. */
export function Frame({ children, ...props }: { children: ReactNode } & Record<`data-${string}`, string>) {
  const { t } = useTranslation();
  return (
    <Portal>
      <Backdrop />
      <Positioner>
        <Content {...props}>
          {children}
          <CloseTrigger asChild>
            <IconButton aria-label={t("common.close")} size="sm">
              <XIcon />
            </IconButton>
          </CloseTrigger>
        </Content>
      </Positioner>
    </Portal>
  );
}
