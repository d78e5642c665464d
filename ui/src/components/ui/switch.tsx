import { Switch as ArkSwitch } from "@ark-ui/react/switch";
import type { ReactNode } from "react";
import { switchRecipe } from "../../../styled-system/recipes";
import { createStyleContext } from "./style-context";

const { withProvider, withContext } = createStyleContext(switchRecipe);

export const Root = withProvider(ArkSwitch.Root, "root");
export const Control = withContext(ArkSwitch.Control, "control");
export const Thumb = withContext(ArkSwitch.Thumb, "thumb");
export const Label = withContext(ArkSwitch.Label, "label");

export function Switch({
  label,
  checked,
  onCheckedChange,
  disabled,
  name,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (v: boolean) => void;
  disabled?: boolean;
  name?: string;
}) {
  return (
    <Root checked={checked} onCheckedChange={(d) => onCheckedChange(d.checked)} disabled={disabled} name={name}>
      <Control>
        <Thumb />
      </Control>
      <Label>{label}</Label>
      <ArkSwitch.HiddenInput />
    </Root>
  );
}
