import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { cut, QUICK_LABEL_CUT } from "../format";
import { quickMessagesQuery, type QuickMessage } from "../queries";

export interface QuickMatches {
  /** The text starts with '/' and the company's quick messages are loaded. */
  open: boolean;
  /** Those whose shortcode contains what follows the slash. */
  items: QuickMessage[];
  /** What follows the slash. */
  term: string;
  /** How many quick messages the company has. */
  total: number;
}

/** The quick messages a leading '/' asks for: those whose shortcode contains what follows the slash. */
export function useQuickMatches(text: string, enabled: boolean): QuickMatches {
  const active = enabled && text.startsWith("/") && !text.includes("\n");
  const q = useQuery({ ...quickMessagesQuery, enabled: active });
  const term = active ? text.slice(1) : "";
  if (!active || !q.data) return { open: false, items: [], term, total: 0 };
  const lower = term.toLowerCase();
  return { open: true, items: q.data.filter((m) => m.shortcode.toLowerCase().includes(lower)), term, total: q.data.length };
}

const panel = css({
  position: "absolute",
  left: "2",
  right: "2",
  bottom: "100%",
  mb: "1",
  maxH: "60",
  overflowY: "auto",
  bg: "bg.default",
  borderWidth: "1px",
  borderColor: "border.muted",
  borderRadius: "md",
  boxShadow: "md",
  zIndex: "dropdown",
  py: "1",
});

/** The list above the input (labels cut at 90 characters). */
export function QuickMessagesList({ quick, highlighted, onPick }: { quick: QuickMatches; highlighted: number; onPick: (m: QuickMessage) => void }) {
  const { t } = useTranslation();
  if (!quick.open) return null;
  // A slash with nothing to offer says so, rather than leaving the agent to wonder whether the feature works.
  if (!quick.items.length) {
    return (
      <p role="status" data-testid="quick-messages-empty" className={cx(panel, css({ px: "3", py: "2", fontSize: "sm", color: "fg.muted" }))}>
        {quick.total ? t("tickets.input.noQuickMatch", { term: quick.term }) : t("tickets.input.noQuickMessages")}
      </p>
    );
  }
  return (
    <div role="listbox" data-testid="quick-messages" className={panel}>
      {quick.items.map((m, i) => (
        <div
          key={m.id}
          role="option"
          tabIndex={-1}
          aria-selected={i === highlighted}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(m);
          }}
          data-testid="quick-message"
          className={css({ px: "3", py: "1.5", fontSize: "sm", cursor: "pointer", "&[aria-selected=true]": { bg: "bg.subtle" }, _hover: { bg: "bg.subtle" } })}
        >
          {cut(`${m.shortcode} - ${m.message}`, QUICK_LABEL_CUT)}
        </div>
      ))}
    </div>
  );
}
