import { drawer } from "../../../styled-system/recipes";
import { createDialogParts } from "./dialog";

/** A side sheet built on Ark's Dialog (Park UI's Drawer). */
export const { Root, Trigger, Backdrop, Positioner, Content, Title, Description, CloseTrigger } = createDialogParts(drawer);
