import { Portal } from "@ark-ui/react/portal";
import { Select as ArkSelect, createListCollection } from "@ark-ui/react/select";
import { useMemo, type ReactNode } from "react";
import { select } from "../../../styled-system/recipes";
import { CheckIcon, ChevronDownIcon } from "./icons";
import { createStyleContext } from "./style-context";

const { withProvider, withContext } = createStyleContext(select);

/** Typed as Ark's generic Root (the recipe has no variants), so `collection` keeps its item type. */
export const Root = withProvider(ArkSelect.Root, "root") as unknown as typeof ArkSelect.Root;
export const Label = withContext(ArkSelect.Label, "label");
export const Control = withContext(ArkSelect.Control, "control");
export const Trigger = withContext(ArkSelect.Trigger, "trigger");
export const ValueText = withContext(ArkSelect.ValueText, "valueText");
export const Indicator = withContext(ArkSelect.Indicator, "indicator");
export const Positioner = withContext(ArkSelect.Positioner, "positioner");
export const Content = withContext(ArkSelect.Content, "content");
export const Item = withContext(ArkSelect.Item, "item");
export const ItemText = withContext(ArkSelect.ItemText, "itemText");
export const ItemIndicator = withContext(ArkSelect.ItemIndicator, "itemIndicator");

export interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A single-value select: `<SelectField label=… options=… value=… onChange=…/>` (the value is a string). */
export function SelectField(props: {
  label?: ReactNode;
  options: Option[];
  value: string | null | undefined;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  name?: string;
  "aria-label"?: string;
}) {
  const collection = useMemo(() => createListCollection({ items: props.options }), [props.options]);
  return (
    <Root
      collection={collection}
      value={props.value ? [props.value] : []}
      onValueChange={(d) => d.value[0] !== undefined && props.onChange(d.value[0])}
      disabled={props.disabled}
      invalid={props.invalid}
      name={props.name}
      positioning={{ sameWidth: true }}
    >
      {props.label ? <Label>{props.label}</Label> : null}
      <Control>
        <Trigger aria-label={props["aria-label"]}>
          <ValueText placeholder={props.placeholder} />
          <Indicator>
            <ChevronDownIcon />
          </Indicator>
        </Trigger>
      </Control>
      <Portal>
        <Positioner>
          <Content>
            {props.options.map((o) => (
              <Item key={o.value} item={o}>
                <ItemText>{o.label}</ItemText>
                <ItemIndicator>
                  <CheckIcon size={16} />
                </ItemIndicator>
              </Item>
            ))}
          </Content>
        </Positioner>
      </Portal>
      <ArkSelect.HiddenSelect />
    </Root>
  );
}
