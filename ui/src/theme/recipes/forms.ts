import {
  avatarAnatomy,
  checkboxAnatomy,
  colorPickerAnatomy,
  comboboxAnatomy,
  fieldAnatomy,
  selectAnatomy,
  switchAnatomy,
  tabsAnatomy,
} from "@ark-ui/react/anatomy";
import { defineSlotRecipe } from "@pandacss/dev";
import { popupSurface } from "./shared";

export const field = defineSlotRecipe({
  className: "field",
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: "flex", flexDirection: "column", gap: "1.5", minW: 0 },
    label: { fontSize: "sm", fontWeight: "medium", color: "fg.default", display: "flex", gap: "1" },
    requiredIndicator: { color: "fg.error" },
    helperText: { fontSize: "xs", color: "fg.muted" },
    errorText: { fontSize: "xs", color: "fg.error", fontWeight: "medium" },
  },
});

const listItem = {
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "2",
  px: "3",
  h: "9",
  fontSize: "sm",
  cursor: "pointer",
  borderRadius: "sm",
  _highlighted: { bg: "bg.subtle" },
  _disabled: { color: "fg.disabled", cursor: "not-allowed" },
  _checked: { fontWeight: "semibold" },
};
const listContent = { ...popupSurface, p: "1", maxH: "64", overflowY: "auto" };
const control = {
  display: "flex",
  alignItems: "center",
  width: "full",
  minH: "10",
  bg: "bg.default",
  color: "fg.default",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "md",
  fontSize: "sm",
};

/** The slots select and combobox style alike: a labelled column and its floating list of options. */
const listParts = {
  root: { display: "flex", flexDirection: "column", gap: "1.5", minW: 0 },
  label: { fontSize: "sm", fontWeight: "medium" },
  positioner: { zIndex: "dropdown" },
  content: listContent,
  item: listItem,
  itemIndicator: { color: "accent.text" },
  itemGroupLabel: { px: "3", py: "1", fontSize: "xs", color: "fg.muted", fontWeight: "semibold" },
};
const iconTrigger = { color: "fg.muted", px: "1", cursor: "pointer", "& svg": { w: "4", h: "4" } };

export const select = defineSlotRecipe({
  className: "select",
  slots: selectAnatomy.keys(),
  base: {
    ...listParts,
    control: { position: "relative" },
    trigger: {
      ...control,
      justifyContent: "space-between",
      px: "3",
      gap: "2",
      cursor: "pointer",
      textAlign: "left",
      outline: "none",
      _focusVisible: { borderColor: "accent.default" },
      _disabled: { bg: "bg.disabled", color: "fg.disabled", cursor: "not-allowed" },
      _invalid: { borderColor: "border.error" },
    },
    valueText: { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", _placeholder: { color: "fg.subtle" } },
    indicator: { color: "fg.muted", "& svg": { w: "4", h: "4" } },
  },
});

export const combobox = defineSlotRecipe({
  className: "combobox",
  slots: comboboxAnatomy.keys(),
  base: {
    ...listParts,
    control: { ...control, px: "1", gap: "1", flexWrap: "wrap", _focusWithin: { borderColor: "accent.default" } },
    input: { flex: "1", minW: "20", h: "8", px: "2", bg: "transparent", outline: "none", color: "fg.default", _placeholder: { color: "fg.subtle" } },
    trigger: iconTrigger,
    clearTrigger: iconTrigger,
  },
});

export const tabs = defineSlotRecipe({
  className: "tabs",
  slots: tabsAnatomy.keys(),
  base: {
    root: { display: "flex", flexDirection: "column", gap: "4", minW: 0 },
    list: { display: "flex", borderBottomWidth: "1px", borderColor: "border.default", position: "relative", overflowX: "auto" },
    trigger: {
      px: "4",
      h: "10",
      fontSize: "sm",
      fontWeight: "semibold",
      color: "fg.muted",
      cursor: "pointer",
      whiteSpace: "nowrap",
      _selected: { color: "accent.text" },
      _hover: { color: "fg.default" },
      _focusVisible: { outline: "2px solid", outlineColor: "accent.default", outlineOffset: "-2px" },
    },
    indicator: { height: "2px", bg: "accent.default", bottom: "0", width: "var(--width)" },
    content: { outline: "none" },
  },
});

export const switchRecipe = defineSlotRecipe({
  className: "switch",
  slots: switchAnatomy.keys(),
  base: {
    root: { display: "inline-flex", alignItems: "center", gap: "3", cursor: "pointer", _disabled: { opacity: 0.55, cursor: "not-allowed" } },
    control: {
      display: "inline-flex",
      alignItems: "center",
      flexShrink: 0,
      w: "9",
      h: "5",
      p: "0.5",
      borderRadius: "full",
      bg: "bg.emphasized",
      transition: "background 0.15s",
      _checked: { bg: "accent.default" },
      _focusVisible: { outline: "2px solid", outlineColor: "accent.default", outlineOffset: "2px" },
    },
    thumb: {
      w: "4",
      h: "4",
      borderRadius: "full",
      bg: "white",
      boxShadow: "sm",
      transition: "transform 0.15s",
      _checked: { transform: "translateX(16px)" },
    },
    label: { fontSize: "sm", color: "fg.default" },
  },
});

export const checkbox = defineSlotRecipe({
  className: "checkbox",
  slots: checkboxAnatomy.keys(),
  base: {
    root: { display: "inline-flex", alignItems: "center", gap: "2", cursor: "pointer" },
    control: {
      w: "4.5",
      h: "4.5",
      borderWidth: "1.5px",
      borderColor: "border.outline",
      borderRadius: "sm",
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      bg: "bg.default",
      color: "accent.fg",
      _checked: { bg: "accent.default", borderColor: "accent.default" },
      _focusVisible: { outline: "2px solid", outlineColor: "accent.default", outlineOffset: "2px" },
      "& svg": { w: "3.5", h: "3.5" },
    },
    label: { fontSize: "sm", color: "fg.default" },
  },
});

export const avatar = defineSlotRecipe({
  className: "avatar",
  slots: avatarAnatomy.keys(),
  base: {
    root: {
      position: "relative",
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      flexShrink: 0,
      borderRadius: "full",
      overflow: "hidden",
      bg: "bg.muted",
      color: "fg.default",
      fontWeight: "semibold",
      userSelect: "none",
    },
    image: { w: "full", h: "full", objectFit: "cover" },
    fallback: { textTransform: "uppercase" },
  },
  variants: {
    size: {
      sm: { root: { w: "8", h: "8", fontSize: "xs" } },
      md: { root: { w: "10", h: "10", fontSize: "sm" } },
      lg: { root: { w: "20", h: "20", fontSize: "xl" } },
    },
  },
  defaultVariants: { size: "md" },
});

export const colorPicker = defineSlotRecipe({
  className: "colorPicker",
  slots: colorPickerAnatomy.keys(),
  base: {
    root: { display: "flex", flexDirection: "column", gap: "1.5" },
    label: { fontSize: "sm", fontWeight: "medium" },
    control: { display: "flex", gap: "2", alignItems: "center" },
    trigger: { borderWidth: "1px", borderColor: "border.default", borderRadius: "md", p: "1", cursor: "pointer", bg: "bg.default" },
    positioner: { zIndex: "dropdown" },
    content: {
      bg: "bg.default",
      borderWidth: "1px",
      borderColor: "border.muted",
      borderRadius: "md",
      boxShadow: "md",
      p: "3",
      display: "flex",
      flexDirection: "column",
      gap: "3",
      w: "64",
      zIndex: "dropdown",
    },
    area: { h: "36", borderRadius: "sm", overflow: "hidden" },
    areaThumb: { w: "3", h: "3", borderRadius: "full", borderWidth: "2px", borderColor: "white", boxShadow: "sm" },
    channelSlider: { h: "3", borderRadius: "full" },
    channelSliderTrack: { h: "3", borderRadius: "full" },
    channelSliderThumb: {
      w: "3",
      h: "3",
      borderRadius: "full",
      borderWidth: "2px",
      borderColor: "white",
      boxShadow: "sm",
      transform: "translate(-50%, -50%)",
      top: "50%",
    },
    swatchGroup: { display: "grid", gridTemplateColumns: "repeat(8, 1fr)", gap: "1.5" },
    swatchTrigger: { cursor: "pointer", borderRadius: "sm" },
    swatch: { w: "6", h: "6", borderRadius: "sm", boxShadow: "inset 0 0 0 1px rgba(0,0,0,.1)" },
    swatchIndicator: { color: "white" },
    transparencyGrid: { borderRadius: "sm" },
  },
});
