import { Tabs as ArkTabs } from "@ark-ui/react/tabs";
import { tabs } from "../../../styled-system/recipes";
import { createStyleContext } from "./style-context";

const { withProvider, withContext } = createStyleContext(tabs);

export const Root = withProvider(ArkTabs.Root, "root");
export const List = withContext(ArkTabs.List, "list");
export const Trigger = withContext(ArkTabs.Trigger, "trigger");
export const Content = withContext(ArkTabs.Content, "content");
export const Indicator = withContext(ArkTabs.Indicator, "indicator");
