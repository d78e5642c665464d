/** Style fragments more than one recipe file builds on. */

export const fadeIn = { _open: { animation: "fadeIn 0.15s ease-out" }, _closed: { animation: "fadeOut 0.12s ease-in" } };

/** The panel look of anything that pops over the page next to its trigger (menus, popovers, select lists). */
export const popupSurface = {
  bg: "bg.default",
  color: "fg.default",
  borderWidth: "1px",
  borderColor: "border.muted",
  borderRadius: "md",
  boxShadow: "md",
  outline: "none",
  zIndex: "dropdown",
};
