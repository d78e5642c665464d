import { defineSemanticTokens, defineTokens } from "@pandacss/dev";

/** Brand defaults (primaryColorLight '#0000FF', primaryColorDark '#39ACE7'); the public settings override them at run time. */
export const BRAND_LIGHT = "#0000FF";
export const BRAND_DARK = "#39ACE7";

export const tokens = defineTokens({
  // Floating parts (menus, selects, popovers, tooltips) sit above dialogs: they open from inside them.
  zIndex: {
    hide: { value: -1 },
    base: { value: 0 },
    docked: { value: 10 },
    sticky: { value: 1100 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    dropdown: { value: 1500 },
    popover: { value: 1500 },
    toast: { value: 1700 },
    tooltip: { value: 1800 },
  },
  sizes: { drawer: { value: "240px" }, drawerCollapsed: { value: "60px" }, topbar: { value: "56px" } },
  fonts: {
    body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
    mono: { value: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
  },
});

/**
 * Light and dark semantic tokens (Park UI naming). Text/background pairs keep a contrast ratio of at least 4.5:1:
 * fg.default on bg.canvas is about 16:1 (light) and 15:1 (dark); fg.muted about 7:1 and 8:1.
 */
export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: { value: { base: "#f4f5f7", _dark: "#0f1115" } },
      default: { value: { base: "#ffffff", _dark: "#181b21" } },
      subtle: { value: { base: "#eef0f3", _dark: "#1f232a" } },
      muted: { value: { base: "#e4e7eb", _dark: "#2a2f37" } },
      emphasized: { value: { base: "#d5d9df", _dark: "#363c46" } },
      disabled: { value: { base: "#eceef1", _dark: "#23272e" } },
      overlay: { value: { base: "rgba(15, 17, 21, 0.45)", _dark: "rgba(0, 0, 0, 0.6)" } },
      error: { value: { base: "#fdecec", _dark: "#3a1c1e" } },
      success: { value: { base: "#e7f6ec", _dark: "#17301f" } },
      warning: { value: { base: "#fff5e0", _dark: "#3a2f14" } },
      info: { value: { base: "#e8effd", _dark: "#1a2740" } },
    },
    fg: {
      default: { value: { base: "#14171c", _dark: "#e9ebee" } },
      muted: { value: { base: "#4a5260", _dark: "#b2b8c2" } },
      subtle: { value: { base: "#5d6573", _dark: "#99a0ab" } },
      disabled: { value: { base: "#8a919c", _dark: "#6b727d" } },
      error: { value: { base: "#b42318", _dark: "#ff8a80" } },
      success: { value: { base: "#146c2e", _dark: "#7dd69a" } },
      warning: { value: { base: "#8a5300", _dark: "#f5c46b" } },
      info: { value: { base: "#1d4ed8", _dark: "#8fb4ff" } },
    },
    border: {
      default: { value: { base: "#d3d8df", _dark: "#343a44" } },
      muted: { value: { base: "#e4e7eb", _dark: "#272c34" } },
      subtle: { value: { base: "#eceef1", _dark: "#21252c" } },
      outline: { value: { base: "#8a919c", _dark: "#6b727d" } },
      error: { value: { base: "#d92d20", _dark: "#ff8a80" } },
    },
    /** The brand colour; --colors-accent-* are overwritten by the whitelabel settings (features/branding). */
    accent: {
      default: { value: { base: BRAND_LIGHT, _dark: BRAND_DARK } },
      emphasized: { value: { base: "#0000c8", _dark: "#5cbdee" } },
      fg: { value: { base: "#ffffff", _dark: "#06121c" } },
      text: { value: { base: BRAND_LIGHT, _dark: BRAND_DARK } },
      subtle: { value: { base: "rgba(0, 0, 255, 0.08)", _dark: "rgba(57, 172, 231, 0.16)" } },
    },
    status: {
      online: { value: { base: "#16a34a", _dark: "#4ade80" } },
      offline: { value: { base: "#9ca3af", _dark: "#6b7280" } },
      danger: { value: { base: "#d92d20", _dark: "#f97066" } },
      dangerFg: { value: { base: "#ffffff", _dark: "#1a0504" } },
    },
  },
  shadows: {
    sm: { value: { base: "0 1px 2px rgba(16,24,40,.08)", _dark: "0 1px 2px rgba(0,0,0,.5)" } },
    md: { value: { base: "0 4px 12px rgba(16,24,40,.12)", _dark: "0 4px 12px rgba(0,0,0,.55)" } },
    lg: { value: { base: "0 12px 32px rgba(16,24,40,.18)", _dark: "0 12px 32px rgba(0,0,0,.65)" } },
  },
});
