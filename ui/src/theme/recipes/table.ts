import { defineSlotRecipe } from "@pandacss/dev";

/** Plain HTML table (no Ark part): a scroll container that loads more near its bottom (components/ui/table.tsx). */
export const table = defineSlotRecipe({
  className: "table",
  slots: ["scroller", "root", "head", "header", "body", "row", "cell", "footer", "empty"],
  base: {
    scroller: { overflow: "auto", minH: 0, flex: "1", bg: "bg.default", borderWidth: "1px", borderColor: "border.muted", borderRadius: "lg" },
    root: { width: "full", borderCollapse: "collapse", fontSize: "sm", color: "fg.default" },
    head: { position: "sticky", top: "0", bg: "bg.subtle", zIndex: "1" },
    header: {
      textAlign: "left",
      fontWeight: "semibold",
      color: "fg.muted",
      px: "3",
      h: "10",
      whiteSpace: "nowrap",
      borderBottomWidth: "1px",
      borderColor: "border.default",
    },
    row: { borderBottomWidth: "1px", borderColor: "border.muted", _hover: { bg: "bg.subtle" } },
    cell: { px: "3", py: "2", verticalAlign: "middle" },
    footer: { display: "flex", justifyContent: "center", p: "3" },
    empty: { textAlign: "center", color: "fg.muted", py: "8!" },
  },
});
