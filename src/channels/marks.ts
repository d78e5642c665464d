/**
 * WhatsApp's text marks as a tree: *bold*, _italic_, ~strike~, ```mono``` and http(s) links. Pure and import-free:
 * the web app's conversation and the web-chat widget (a separate bundle) render the tree as elements, never as HTML,
 * and previews (ticket list, desktop notifications, quoted messages) show its plain text.
 *
 * A mark counts only where WhatsApp renders it: around a run of text that neither starts nor ends with a space, on
 * one line, opening at the start or after a space or an opening bracket or quote, closing before the end, a space or
 * punctuation. So "2*3*4", snake_case_names and the underscores of a URL keep their characters, and an unbalanced
 * mark stays as typed. Marks nest (*_both_*), each kind once. ```mono``` may span lines and holds no marks or links.
 */
export type MarkNode = string | { type: "bold" | "italic" | "strike"; children: MarkNode[] } | { type: "mono"; text: string } | { type: "link"; href: string };

type Emphasis = "bold" | "italic" | "strike";
const EMPHASIS: Record<string, Emphasis> = { "*": "bold", _: "italic", "~": "strike" };
const FENCE = "```";
/** A link: http(s) up to a space, not ending in punctuation or a mark (it closes a sentence or an emphasis). */
const LINK = /https?:\/\/[^\s<>]*[^\s<>.,;:!?)\]}'"*_~]/y;
const OPENS_AFTER = /[\s([{"'¿¡]/;
const CLOSES_BEFORE = /[\s.,:;!?)\]}"'…]/;

/** The text as a tree of marks (strings are text as typed, newlines included). */
export function parseMarks(text: string): MarkNode[] {
  return parseRange(text, 0, text.length, new Set());
}

/** The text without its marks: what a one-line preview or a notification shows. */
export function stripMarks(text: string): string {
  return flatten(parseMarks(text));
}

function flatten(nodes: readonly MarkNode[]): string {
  let out = "";
  for (const n of nodes) {
    if (typeof n === "string") out += n;
    else if (n.type === "mono") out += n.text;
    else if (n.type === "link") out += n.href;
    else out += flatten(n.children);
  }
  return out;
}

function parseRange(text: string, start: number, end: number, open: ReadonlySet<Emphasis>): MarkNode[] {
  const out: MarkNode[] = [];
  let plain = "";
  const push = (node: MarkNode) => {
    if (plain) out.push(plain);
    plain = "";
    out.push(node);
  };
  // Per mark, where a failed search for its closer stopped: a later opener before that point fails as well.
  const noCloserBefore: Record<string, number> = {};
  let i = start;
  while (i < end) {
    const ch = text[i]!;
    if (ch === "`" && text.startsWith(FENCE, i)) {
      const close = text.indexOf(FENCE, i + FENCE.length + 1);
      if (close !== -1 && close + FENCE.length <= end) {
        push({ type: "mono", text: text.slice(i + FENCE.length, close) });
        i = close + FENCE.length;
        continue;
      }
    }
    if (ch === "h" && (i === start || !/[\p{L}\p{N}]/u.test(text[i - 1]!))) {
      LINK.lastIndex = i;
      const m = LINK.exec(text);
      if (m && i + m[0].length <= end) {
        push({ type: "link", href: m[0] });
        i += m[0].length;
        continue;
      }
    }
    const kind = EMPHASIS[ch];
    const opens = i + 1 < end && !/\s/.test(text[i + 1]!) && (i === start || OPENS_AFTER.test(text[i - 1]!)) && i >= (noCloserBefore[ch] ?? 0);
    if (kind && !open.has(kind) && opens) {
      const close = closingMark(text, i, end);
      if (close !== -1) {
        push({ type: kind, children: parseRange(text, i + 1, close, new Set([...open, kind])) });
        i = close + 1;
        continue;
      }
      const lineEnd = text.indexOf("\n", i);
      noCloserBefore[ch] = lineEnd === -1 || lineEnd > end ? end : lineEnd;
    }
    plain += ch;
    i++;
  }
  if (plain) out.push(plain);
  return out;
}

/** Where the mark opened at `at` closes on its line, or -1: after a non-space, before the end or punctuation. */
function closingMark(text: string, at: number, end: number): number {
  const mark = text[at]!;
  for (let k = at + 2; k < end; k++) {
    const c = text[k]!;
    if (c === "\n") return -1;
    if (c === mark && !/\s/.test(text[k - 1]!) && (k + 1 === end || CLOSES_BEFORE.test(text[k + 1]!))) return k;
  }
  return -1;
}
