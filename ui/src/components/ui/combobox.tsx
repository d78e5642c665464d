import { Combobox as ArkCombobox, createListCollection } from "@ark-ui/react/combobox";
import { Portal } from "@ark-ui/react/portal";
import { useMemo, useState, type ReactNode } from "react";
import { css } from "../../../styled-system/css";
import { combobox } from "../../../styled-system/recipes";
import { Badge } from "./badge";
import { CheckIcon, ChevronDownIcon } from "./icons";
import { createStyleContext } from "./style-context";

const { withProvider, withContext } = createStyleContext(combobox);

/** Typed as Ark's generic Root (the recipe has no variants), so `collection` keeps its item type. */
export const Root = withProvider(ArkCombobox.Root, "root") as unknown as typeof ArkCombobox.Root;
export const Label = withContext(ArkCombobox.Label, "label");
export const Control = withContext(ArkCombobox.Control, "control");
export const Input = withContext(ArkCombobox.Input, "input");
export const Trigger = withContext(ArkCombobox.Trigger, "trigger");
export const ClearTrigger = withContext(ArkCombobox.ClearTrigger, "clearTrigger");
export const Positioner = withContext(ArkCombobox.Positioner, "positioner");
export const Content = withContext(ArkCombobox.Content, "content");
export const Item = withContext(ArkCombobox.Item, "item");
export const ItemText = withContext(ArkCombobox.ItemText, "itemText");
export const ItemIndicator = withContext(ArkCombobox.ItemIndicator, "itemIndicator");

export interface ComboOption {
  value: string;
  label: string;
  color?: string;
}

/** Searchable multi-select (queues, tags…): chosen values show as chips inside the control. */
export function MultiCombobox(props: {
  label?: ReactNode;
  options: ComboOption[];
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  emptyText?: ReactNode;
  disabled?: boolean;
  "aria-label"?: string;
}) {
  const [query, setQuery] = useState("");
  const filtered = useMemo(() => props.options.filter((o) => o.label.toLowerCase().includes(query.toLowerCase())), [props.options, query]);
  const collection = useMemo(() => createListCollection({ items: filtered }), [filtered]);
  const byValue = useMemo(() => new Map(props.options.map((o) => [o.value, o])), [props.options]);
  return (
    <Root
      collection={collection}
      multiple
      value={props.value}
      onValueChange={(d) => props.onChange(d.value)}
      onInputValueChange={(d) => setQuery(d.inputValue)}
      inputBehavior="autohighlight"
      disabled={props.disabled}
      openOnClick
      positioning={{ sameWidth: true }}
    >
      {props.label ? <Label>{props.label}</Label> : null}
      <Control>
        {props.value.map((v) => {
          const o = byValue.get(v);
          return (
            <Badge key={v} tone="neutral" className={css({ m: "0.5" })}>
              {o?.color ? (
                <span aria-hidden className={css({ w: "2", h: "2", borderRadius: "full", display: "inline-block" })} style={{ background: o.color }} />
              ) : null}
              {o?.label ?? v}
            </Badge>
          );
        })}
        <Input placeholder={props.value.length ? undefined : props.placeholder} aria-label={props["aria-label"]} />
        <Trigger>
          <ChevronDownIcon />
        </Trigger>
      </Control>
      <Portal>
        <Positioner>
          <Content>
            {filtered.length === 0 ? <div className={css({ p: "2", color: "fg.muted", fontSize: "sm" })}>{props.emptyText}</div> : null}
            {filtered.map((o) => (
              <Item key={o.value} item={o}>
                <ItemText>
                  {o.color ? (
                    <span
                      aria-hidden
                      className={css({ w: "2.5", h: "2.5", borderRadius: "full", display: "inline-block", mr: "2" })}
                      style={{ background: o.color }}
                    />
                  ) : null}
                  {o.label}
                </ItemText>
                <ItemIndicator>
                  <CheckIcon size={16} />
                </ItemIndicator>
              </Item>
            ))}
          </Content>
        </Positioner>
      </Portal>
    </Root>
  );
}
