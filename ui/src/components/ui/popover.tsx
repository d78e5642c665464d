import { Popover as ArkPopover } from "@ark-ui/react/popover";
import { popover } from "../../../styled-system/recipes";
import { createStyleContext } from "./style-context";

const { withRootProvider, withContext } = createStyleContext(popover);

export const Root = withRootProvider(ArkPopover.Root);
export const Trigger = ArkPopover.Trigger;
export const Positioner = withContext(ArkPopover.Positioner, "positioner");
export const Content = withContext(ArkPopover.Content, "content");
export const Title = withContext(ArkPopover.Title, "title");
export const Description = withContext(ArkPopover.Description, "description");
export const CloseTrigger = ArkPopover.CloseTrigger;
