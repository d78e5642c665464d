import { defineRecipe } from "@pandacss/dev";

export const button = defineRecipe({
  className: "button",
  jsx: ["Button", "IconButton"],
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: "2",
    borderRadius: "md",
    fontWeight: "semibold",
    whiteSpace: "nowrap",
    cursor: "pointer",
    transition: "background 0.15s, color 0.15s, border-color 0.15s",
    outline: "none",
    userSelect: "none",
    _focusVisible: { outline: "2px solid", outlineColor: "accent.default", outlineOffset: "2px" },
    _disabled: { opacity: 0.55, cursor: "not-allowed" },
    "& svg": { flexShrink: 0 },
  },
  variants: {
    variant: {
      solid: { bg: "accent.default", color: "accent.fg", _hover: { bg: "accent.emphasized" } },
      outline: { borderWidth: "1px", borderColor: "border.default", color: "fg.default", bg: "bg.default", _hover: { bg: "bg.subtle" } },
      ghost: { color: "fg.default", bg: "transparent", _hover: { bg: "bg.subtle" } },
      link: { color: "accent.text", bg: "transparent", px: "0!", h: "auto!", _hover: { textDecoration: "underline" } },
      danger: { bg: "status.danger", color: "status.dangerFg", _hover: { opacity: 0.9 } },
    },
    size: {
      xs: { h: "7", px: "2", fontSize: "xs" },
      sm: { h: "8", px: "3", fontSize: "sm" },
      md: { h: "10", px: "4", fontSize: "sm" },
      lg: { h: "11", px: "5", fontSize: "md" },
    },
    icon: {
      true: { px: "0", aspectRatio: "1", "& svg": { width: "5", height: "5" } },
    },
    full: { true: { width: "full" } },
  },
  defaultVariants: { variant: "solid", size: "md" },
});

export const input = defineRecipe({
  className: "input",
  jsx: ["Input", "Textarea"],
  base: {
    width: "full",
    minW: 0,
    appearance: "none",
    bg: "bg.default",
    color: "fg.default",
    borderWidth: "1px",
    borderColor: "border.default",
    borderRadius: "md",
    px: "3",
    fontSize: "sm",
    outline: "none",
    transition: "border-color 0.15s, box-shadow 0.15s",
    _placeholder: { color: "fg.subtle" },
    _focus: { borderColor: "accent.default", boxShadow: "0 0 0 1px token(colors.accent.default)" },
    _invalid: { borderColor: "border.error", _focus: { boxShadow: "0 0 0 1px token(colors.border.error)" } },
    _disabled: { bg: "bg.disabled", color: "fg.disabled", cursor: "not-allowed" },
    colorScheme: "inherit",
  },
  variants: {
    size: { sm: { h: "8" }, md: { h: "10" } },
    multiline: { true: { h: "auto", py: "2", minH: "20", resize: "vertical", lineHeight: "1.5" } },
  },
  defaultVariants: { size: "md" },
});

export const badge = defineRecipe({
  className: "badge",
  jsx: ["Badge"],
  base: {
    display: "inline-flex",
    alignItems: "center",
    gap: "1",
    borderRadius: "full",
    fontWeight: "semibold",
    fontSize: "xs",
    lineHeight: "1",
    px: "2",
    py: "1",
    whiteSpace: "nowrap",
  },
  variants: {
    tone: {
      neutral: { bg: "bg.muted", color: "fg.default" },
      accent: { bg: "accent.default", color: "accent.fg" },
      success: { bg: "bg.success", color: "fg.success" },
      warning: { bg: "bg.warning", color: "fg.warning" },
      error: { bg: "bg.error", color: "fg.error" },
      info: { bg: "bg.info", color: "fg.info" },
    },
  },
  defaultVariants: { tone: "neutral" },
});

export const spinner = defineRecipe({
  className: "spinner",
  base: {
    display: "inline-block",
    borderRadius: "full",
    borderWidth: "2px",
    borderColor: "accent.default",
    borderRightColor: "transparent",
    animation: "spin 0.7s linear infinite",
  },
  variants: { size: { sm: { w: "4", h: "4" }, md: { w: "6", h: "6" }, lg: { w: "10", h: "10", borderWidth: "3px" } } },
  defaultVariants: { size: "md" },
});
