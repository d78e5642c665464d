import { Dialog as ArkDialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { dialog } from "../../../styled-system/recipes";
import { XIcon } from "./icons";
import { IconButton } from "./button";
import { createStyleContext } from "./style-context";

const { withRootProvider, withContext } = createStyleContext(dialog);

export const Root = withRootProvider(ArkDialog.Root);
export const Trigger = ArkDialog.Trigger;
export const Backdrop = withContext(ArkDialog.Backdrop, "backdrop");
export const Positioner = withContext(ArkDialog.Positioner, "positioner");
export const Content = withContext(ArkDialog.Content, "content");
export const Title = withContext(ArkDialog.Title, "title");
export const Description = withContext(ArkDialog.Description, "description");
export const CloseTrigger = withContext(ArkDialog.CloseTrigger, "closeTrigger");

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
