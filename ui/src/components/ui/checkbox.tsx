import { Checkbox as ArkCheckbox } from "@ark-ui/react/checkbox";
import type { ReactNode } from "react";
import { checkbox } from "../../../styled-system/recipes";
import { CheckIcon } from "./icons";
import { createStyleContext } from "./style-context";

const { withProvider, withContext } = createStyleContext(checkbox);

export const Root = withProvider(ArkCheckbox.Root, "root");
export const Control = withContext(ArkCheckbox.Control, "control");
export const Label = withContext(ArkCheckbox.Label, "label");

export function Checkbox({
  label,
  checked,
  onCheckedChange,
  name,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (v: boolean) => void;
  name?: string;
}) {
  return (
    <Root checked={checked} onCheckedChange={(d) => onCheckedChange(d.checked === true)} name={name}>
      <Control>
        <ArkCheckbox.Indicator>
          <CheckIcon strokeWidth={3} />
        </ArkCheckbox.Indicator>
      </Control>
      <Label>{label}</Label>
      <ArkCheckbox.HiddenInput />
    </Root>
  );
}
