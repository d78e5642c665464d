import { Menu as ArkMenu } from "@ark-ui/react/menu";
import { Portal } from "@ark-ui/react/portal";
import type { ComponentProps, ReactElement, ReactNode } from "react";
import { menu } from "../../../styled-system/recipes";
import { createStyleContext } from "./style-context";

const { withRootProvider, withContext } = createStyleContext(menu);

export const Root = withRootProvider(ArkMenu.Root);
export const Trigger = ArkMenu.Trigger;
export const Positioner = withContext(ArkMenu.Positioner, "positioner");
export const Content = withContext(ArkMenu.Content, "content");
export const Item = withContext(ArkMenu.Item, "item");
export const ItemGroup = withContext(ArkMenu.ItemGroup, "itemGroup");
export const ItemGroupLabel = withContext(ArkMenu.ItemGroupLabel, "itemGroupLabel");
export const Separator = withContext(ArkMenu.Separator, "separator");
export const TriggerItem = withContext(ArkMenu.TriggerItem, "triggerItem");
export const RadioItemGroup = withContext(ArkMenu.RadioItemGroup, "itemGroup");
export const RadioItem = withContext(ArkMenu.RadioItem, "item");
export const ItemText = ArkMenu.ItemText;
export const ItemIndicator = withContext(ArkMenu.ItemIndicator, "itemIndicator");

/** The usual composition: `trigger` (one element: an IconButton, a Button…) opens the portalled list of `children`. */
export function Frame({
  trigger,
  contentProps,
  children,
  ...props
}: Omit<ComponentProps<typeof Root>, "children"> & {
  trigger: ReactElement;
  contentProps?: ComponentProps<typeof Content> & Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  return (
    <Root {...props}>
      <Trigger asChild>{trigger}</Trigger>
      <Portal>
        <Positioner>
          <Content {...contentProps}>{children}</Content>
        </Positioner>
      </Portal>
    </Root>
  );
}
