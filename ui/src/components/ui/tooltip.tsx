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

/** A tooltip around one trigger element, e.g. an IconButton; pass a translated label. */
export function Tip({ label, children, disabled }: { label: ReactNode; children: ReactElement; disabled?: boolean }) {
  if (disabled) return children;
  return (
    <Root openDelay={400} closeDelay={0} positioning={{ placement: "bottom" }}>
      <Trigger asChild>{children}</Trigger>
      <Portal>
        <Positioner>
          <Content>{label}</Content>
        </Positioner>
      </Portal>
    </Root>
  );
}
