import { dialogAnatomy, menuAnatomy, popoverAnatomy, toastAnatomy, tooltipAnatomy } from "@ark-ui/react/anatomy";
import { defineSlotRecipe } from "@pandacss/dev";
import { fadeIn, popupSurface } from "./shared";

export const dialog = defineSlotRecipe({
  className: "dialog",
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: { position: "fixed", inset: "0", bg: "bg.overlay", zIndex: "overlay", ...fadeIn },
    positioner: {
      position: "fixed",
      inset: "0",
      display: "flex",
      // flex-start + margin auto on the content: centred when it fits, scrollable from its top when it does not.
      alignItems: "flex-start",
      justifyContent: "center",
      zIndex: "modal",
      overflowY: "auto",
      p: { base: "2", sm: "4" },
    },
    content: {
      position: "relative",
      bg: "bg.default",
      color: "fg.default",
      borderRadius: "lg",
      boxShadow: "lg",
      width: "full",
      maxW: "lg",
      my: "auto",
      p: { base: "4", sm: "6" },
      display: "flex",
      flexDirection: "column",
      gap: "4",
      outline: "none",
      ...fadeIn,
    },
    title: { fontSize: "lg", fontWeight: "semibold", pr: "8" },
    description: { color: "fg.muted", fontSize: "sm" },
    closeTrigger: { position: "absolute", top: "3", right: "3" },
  },
  variants: {
    size: { sm: { content: { maxW: "sm" } }, md: { content: { maxW: "lg" } }, lg: { content: { maxW: "3xl" } } },
  },
  defaultVariants: { size: "md" },
});

/** A dialog that slides from a side: the navigation overlay under 600 px and any side panel. */
export const drawer = defineSlotRecipe({
  className: "drawer",
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: { position: "fixed", inset: "0", bg: "bg.overlay", zIndex: "overlay", ...fadeIn },
    positioner: { position: "fixed", top: "0", bottom: "0", zIndex: "modal", display: "flex" },
    content: {
      bg: "bg.default",
      color: "fg.default",
      height: "100dvh",
      boxShadow: "lg",
      display: "flex",
      flexDirection: "column",
      overflowY: "auto",
      outline: "none",
    },
    title: { fontSize: "lg", fontWeight: "semibold" },
    description: { color: "fg.muted", fontSize: "sm" },
    closeTrigger: { position: "absolute", top: "3", right: "3" },
  },
  variants: {
    placement: {
      left: {
        positioner: { left: "0" },
        content: { _open: { animation: "slideInLeft 0.2s ease-out" }, _closed: { animation: "slideOutLeft 0.15s ease-in" } },
      },
      right: {
        positioner: { right: "0" },
        content: { _open: { animation: "slideInRight 0.2s ease-out" }, _closed: { animation: "slideOutRight 0.15s ease-in" } },
      },
    },
  },
  defaultVariants: { placement: "left" },
});

const floating = { ...popupSurface, ...fadeIn };

export const menu = defineSlotRecipe({
  className: "menu",
  slots: menuAnatomy.keys(),
  base: {
    positioner: { zIndex: "dropdown" },
    content: { ...floating, minW: "44", py: "1", display: "flex", flexDirection: "column" },
    item: {
      display: "flex",
      alignItems: "center",
      gap: "2",
      px: "3",
      h: "9",
      fontSize: "sm",
      cursor: "pointer",
      color: "fg.default",
      _highlighted: { bg: "bg.subtle" },
      _disabled: { color: "fg.disabled", cursor: "not-allowed" },
      "& svg": { w: "4", h: "4", color: "fg.muted" },
    },
    triggerItem: { display: "flex", alignItems: "center", gap: "2", px: "3", h: "9", fontSize: "sm", cursor: "pointer", _highlighted: { bg: "bg.subtle" } },
    itemGroupLabel: { px: "3", py: "1.5", fontSize: "xs", fontWeight: "semibold", color: "fg.muted", textTransform: "uppercase" },
    separator: { borderTopWidth: "1px", borderColor: "border.muted", my: "1" },
    itemIndicator: { ml: "auto", color: "accent.text" },
  },
});

export const popover = defineSlotRecipe({
  className: "popover",
  slots: popoverAnatomy.keys(),
  base: {
    positioner: { zIndex: "popover" },
    content: { ...floating, p: "3", minW: "48", maxW: "min(360px, calc(100vw - 16px))", display: "flex", flexDirection: "column", gap: "2" },
    title: { fontWeight: "semibold", fontSize: "sm" },
    description: { fontSize: "sm", color: "fg.muted" },
  },
});

export const tooltip = defineSlotRecipe({
  className: "tooltip",
  slots: tooltipAnatomy.keys(),
  base: {
    positioner: { zIndex: "tooltip" },
    content: {
      bg: "fg.default",
      color: "bg.default",
      px: "2",
      py: "1",
      borderRadius: "sm",
      fontSize: "xs",
      fontWeight: "medium",
      maxW: "xs",
      ...fadeIn,
    },
  },
});

export const toast = defineSlotRecipe({
  className: "toast",
  slots: toastAnatomy.keys(),
  base: {
    root: {
      bg: "bg.default",
      color: "fg.default",
      borderRadius: "md",
      boxShadow: "lg",
      borderLeftWidth: "4px",
      borderColor: "border.outline",
      minW: "min(320px, calc(100vw - 32px))",
      maxW: "calc(100vw - 32px)",
      p: "3",
      pr: "10",
      position: "relative",
      height: "var(--height)",
      opacity: "var(--opacity)",
      overflowWrap: "anywhere",
      translate: "var(--x) var(--y) 0",
      scale: "var(--scale)",
      zIndex: "var(--z-index)",
      transition: "translate 0.3s, scale 0.3s, opacity 0.3s, height 0.3s",
      willChange: "translate, opacity, scale",
      "&[data-type=error]": { borderColor: "border.error" },
      "&[data-type=success]": { borderColor: "status.online" },
      "&[data-type=warning]": { borderColor: "fg.warning" },
      "&[data-type=info]": { borderColor: "accent.default" },
    },
    title: { fontWeight: "semibold", fontSize: "sm" },
    description: { fontSize: "sm", color: "fg.muted" },
    closeTrigger: { position: "absolute", top: "2", right: "2" },
  },
});
