import { useLayoutEffect, type RefObject } from "react";

/** A textarea that grows with its text up to `maxRows` rows, then scrolls (the input and captions: 5 rows). */
export function useAutosize(ref: RefObject<HTMLTextAreaElement | null>, value: string, maxRows: number) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the textarea is measured again whenever its text changes; the text is read from the DOM, not from the value.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const line = parseFloat(style.lineHeight) || 20;
    const chrome = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    el.style.height = "auto";
    const max = line * maxRows + chrome;
    el.style.height = `${Math.min(el.scrollHeight + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth), max)}px`;
    el.style.overflowY = el.scrollHeight + chrome > max + 1 ? "auto" : "hidden";
  }, [ref, value, maxRows]);
}
