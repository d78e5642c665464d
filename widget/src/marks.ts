/** A message's text with its WhatsApp-style marks and links as DOM nodes (text nodes only: no HTML is ever parsed). */
import { type MarkNode, parseMarks } from "../../src/channels/marks";

const TAGS = { bold: "strong", italic: "em", strike: "s" } as const;

export function markedText(text: string): Node[] {
  return nodes(parseMarks(text));
}

function nodes(tree: readonly MarkNode[]): Node[] {
  return tree.map((n) => {
    if (typeof n === "string") return document.createTextNode(n);
    if (n.type === "link") {
      const a = document.createElement("a");
      a.href = n.href;
      a.target = "_blank";
      a.rel = "noopener noreferrer";
      a.textContent = n.href;
      return a;
    }
    if (n.type === "mono") {
      const code = document.createElement("code");
      code.textContent = n.text;
      return code;
    }
    const el = document.createElement(TAGS[n.type]);
    el.append(...nodes(n.children));
    return el;
  });
}
