import { Dialog as ArkDialog } from "@ark-ui/react/dialog";
import { drawer } from "../../../styled-system/recipes";
import { createStyleContext } from "./style-context";

/** A side sheet built on Ark's Dialog (Park UI's Drawer). */
const { withRootProvider, withContext } = createStyleContext(drawer);

export const Root = withRootProvider(ArkDialog.Root);
export const Trigger = ArkDialog.Trigger;
export const Backdrop = withContext(ArkDialog.Backdrop, "backdrop");
export const Positioner = withContext(ArkDialog.Positioner, "positioner");
export const Content = withContext(ArkDialog.Content, "content");
export const Title = withContext(ArkDialog.Title, "title");
export const Description = withContext(ArkDialog.Description, "description");
export const CloseTrigger = withContext(ArkDialog.CloseTrigger, "closeTrigger");
