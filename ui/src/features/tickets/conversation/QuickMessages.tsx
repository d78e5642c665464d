import { useQuery } from "@tanstack/react-query";
import { css } from "../../../../styled-system/css";
import { cut, QUICK_LABEL_CUT } from "../format";
import { quickMessagesQuery, type QuickMessage } from "../queries";

/** The quick messages a leading '/' asks for: those whose shortcode contains what follows the slash. */
export function useQuickMatches(text: string, enabled: boolean): QuickMessage[] {
  const active = enabled && text.startsWith("/") && !text.includes("\n");
  const q = useQuery({ ...quickMessagesQuery, enabled: active });
  if (!active) return [];
  const term = text.slice(1).toLowerCase();
  return (q.data ?? []).filter((m) => m.shortcode.toLowerCase().includes(term));
}

/** The list above the input (labels cut at 90 characters, spec 1 §9). */
export function QuickMessagesList({ items, highlighted, onPick }: { items: QuickMessage[]; highlighted: number; onPick: (m: QuickMessage) => void }) {
  if (!items.length) return null;
  return (
    <ul role="listbox" data-testid="quick-messages" className={css({ position: "absolute", left: "2", right: "2", bottom: "100%", mb: "1", maxH: "60", overflowY: "auto", bg: "bg.default", borderWidth: "1px", borderColor: "border.muted", borderRadius: "md", boxShadow: "md", zIndex: "dropdown", py: "1" })}>
      {items.map((m, i) => (
        <li
          key={m.id}
          role="option"
          aria-selected={i === highlighted}
          onMouseDown={(e) => (e.preventDefault(), onPick(m))}
          data-testid="quick-message"
          className={css({ px: "3", py: "1.5", fontSize: "sm", cursor: "pointer", "&[aria-selected=true]": { bg: "bg.subtle" }, _hover: { bg: "bg.subtle" } })}
        >
          {cut(`${m.shortcode} - ${m.message}`, QUICK_LABEL_CUT)}
        </li>
      ))}
    </ul>
  );
}
