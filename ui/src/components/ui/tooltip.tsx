import { Portal } from "@ark-ui/react/portal";
import { Tooltip as ArkTooltip } from "@ark-ui/react/tooltip";
import type { ReactElement, ReactNode } from "react";
import { tooltip } from "../../../styled-system/recipes";
import { createStyleContext } from "./style-context";

const { withRootProvider, withContext } = createStyleContext(tooltip);

export const Root = withRootProvider(ArkTooltip.Root);
export const Trigger = ArkTooltip.Trigger;
export const Positioner = withContext(ArkTooltip.Positioner, "positioner");
export const Content = withContext(ArkTooltip.Content, "content");

/**
 * A tooltip around one trigger element, e.g. an IconButton; pass a translated label. When the element also triggers a
 * popover or menu, give both the same `triggerId` (their `ids.trigger`): each finds its trigger by id, and two
 * different ids on one element leave one of them without its anchor.
 */
export function Tip({ label, children, disabled, triggerId }: { label: ReactNode; children: ReactElement; disabled?: boolean; triggerId?: string }) {
  if (disabled) return children;
  return (
    <Root openDelay={400} closeDelay={0} positioning={{ placement: "bottom" }} ids={triggerId ? { trigger: triggerId } : undefined}>
      <Trigger asChild>{children}</Trigger>
      <Portal>
        <Positioner>
          <Content>{label}</Content>
        </Positioner>
      </Portal>
    </Root>
  );
}
