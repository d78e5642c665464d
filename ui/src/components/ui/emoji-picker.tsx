import { useState } from "react";
import { css } from "../../../styled-system/css";
import { EMOJI_CATEGORIES, type EmojiCategory } from "./emoji-data";

const CATEGORY_ICON: Record<EmojiCategory, string> = {
  smileys: "😀",
  people: "👋",
  nature: "🌿",
  food: "🍔",
  activities: "⚽",
  travel: "🚗",
  objects: "💡",
  symbols: "❤",
};

/** Colour emoji fonts first: the body font may carry monochrome glyphs for the older emoji. */
const EMOJI_FONT = "'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', emoji, sans-serif";

const grid = css({ display: "grid", gridTemplateColumns: "repeat(8, 1fr)", gap: "0.5", overflowY: "auto", maxH: "220px", pr: "1" });
const cell = css({
  fontFamily: EMOJI_FONT,
  fontSize: "xl",
  lineHeight: "1",
  p: "1",
  borderRadius: "sm",
  cursor: "pointer",
  bg: "transparent",
  _hover: { bg: "bg.subtle" },
  _focusVisible: { outline: "2px solid", outlineColor: "accent.default" },
});

/**
 * The full emoji list by category (a default export, so callers load it with React.lazy: the data is its own chunk).
 * `categoryLabel` names each category tab (translated by the caller).
 */
export default function EmojiPicker({ onSelect, categoryLabel }: { onSelect: (emoji: string) => void; categoryLabel: (c: EmojiCategory) => string }) {
  const [category, setCategory] = useState<EmojiCategory>("smileys");
  const categories = Object.keys(EMOJI_CATEGORIES) as EmojiCategory[];
  return (
    <div data-testid="emoji-picker" className={css({ display: "flex", flexDirection: "column", gap: "2", w: "min(300px, calc(100vw - 40px))" })}>
      <div role="tablist" className={css({ display: "flex", justifyContent: "space-between", borderBottomWidth: "1px", borderColor: "border.muted", pb: "1" })}>
        {categories.map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            aria-selected={c === category}
            aria-label={categoryLabel(c)}
            title={categoryLabel(c)}
            onClick={() => setCategory(c)}
            className={css({
              fontFamily: EMOJI_FONT,
              fontSize: "md",
              p: "1",
              borderRadius: "sm",
              cursor: "pointer",
              opacity: c === category ? 1 : 0.55,
              bg: c === category ? "bg.subtle" : "transparent",
            })}
          >
            {CATEGORY_ICON[c]}
          </button>
        ))}
      </div>
      <div role="tabpanel" className={grid}>
        {EMOJI_CATEGORIES[category].map((e) => (
          <button key={e} type="button" className={cell} onClick={() => onSelect(e)} aria-label={e} data-emoji={e}>
            {e}
          </button>
        ))}
      </div>
    </div>
  );
}
