import { badge, button, input, spinner } from "./button";
import { avatar, checkbox, colorPicker, combobox, field, select, switchRecipe, tabs } from "./forms";
import { dialog, drawer, menu, popover, toast, tooltip } from "./overlays";
import { table } from "./table";

export const recipes = { button, input, badge, spinner };
export const slotRecipes = { dialog, drawer, menu, popover, tooltip, toast, field, select, combobox, tabs, switchRecipe, checkbox, avatar, colorPicker, table };
