import { ColorPicker as ArkColorPicker, parseColor } from "@ark-ui/react/color-picker";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";
import { colorPicker } from "../../../styled-system/recipes";
import { input } from "../../../styled-system/recipes";
import { createStyleContext } from "./style-context";

const { withProvider, withContext } = createStyleContext(colorPicker);

export const Root = withProvider(ArkColorPicker.Root, "root");
export const Label = withContext(ArkColorPicker.Label, "label");
export const Control = withContext(ArkColorPicker.Control, "control");
export const Trigger = withContext(ArkColorPicker.Trigger, "trigger");
export const ValueSwatch = withContext(ArkColorPicker.ValueSwatch, "swatch");
export const Positioner = withContext(ArkColorPicker.Positioner, "positioner");
export const Content = withContext(ArkColorPicker.Content, "content");
export const Area = withContext(ArkColorPicker.Area, "area");
export const AreaBackground = withContext(ArkColorPicker.AreaBackground, "areaBackground");
export const AreaThumb = withContext(ArkColorPicker.AreaThumb, "areaThumb");
export const ChannelSlider = withContext(ArkColorPicker.ChannelSlider, "channelSlider");
export const ChannelSliderTrack = withContext(ArkColorPicker.ChannelSliderTrack, "channelSliderTrack");
export const ChannelSliderThumb = withContext(ArkColorPicker.ChannelSliderThumb, "channelSliderThumb");
export const SwatchGroup = withContext(ArkColorPicker.SwatchGroup, "swatchGroup");
export const SwatchTrigger = withContext(ArkColorPicker.SwatchTrigger, "swatchTrigger");
export const Swatch = withContext(ArkColorPicker.Swatch, "swatch");

/** The swatches offered under the picker. */
export const COLOR_PRESETS = ["#0000FF", "#39ACE7", "#16a34a", "#dc2626", "#f59e0b", "#7c3aed", "#db2777", "#475569"];

/** Hex colour field with an area, a hue slider, presets and a text input (queues, tags, branding). */
export function ColorField({ label, value, onChange }: { label?: ReactNode; value: string; onChange: (hex: string) => void }) {
  const safe = (() => {
    try {
      return parseColor(value || "#000000");
    } catch {
      return parseColor("#000000");
    }
  })();
  return (
    <Root value={safe} onValueChange={(d) => onChange(d.value.toString("hex"))} format="rgba">
      {label ? <Label>{label}</Label> : null}
      <Control>
        <ArkColorPicker.ChannelInput channel="hex" className={input({ size: "sm" })} />
        <Trigger>
          <ValueSwatch />
        </Trigger>
      </Control>
      <Portal>
        <Positioner>
          <Content>
            <Area>
              <AreaBackground />
              <AreaThumb />
            </Area>
            <ChannelSlider channel="hue">
              <ChannelSliderTrack />
              <ChannelSliderThumb />
            </ChannelSlider>
            <SwatchGroup>
              {COLOR_PRESETS.map((c) => (
                <SwatchTrigger key={c} value={c}>
                  <Swatch value={c} />
                </SwatchTrigger>
              ))}
            </SwatchGroup>
          </Content>
        </Positioner>
      </Portal>
      <ArkColorPicker.HiddenInput />
    </Root>
  );
}
