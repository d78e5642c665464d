import type { ReactNode } from "react";
import { css } from "../../../../styled-system/css";
import { type MarkNode, parseMarks } from "../../../../../src/channels/marks";

/** The server stores a private note as "🔒 *Agent*:\n<text>" (messages/compose.ts); the bubble names both already. */
const PRIVATE_PREFIX = /^🔒 \*[^*\n]+\*:\n/;
const link = css({ color: "accent.text", textDecoration: "underline", overflowWrap: "anywhere" });
const mono = css({ fontFamily: "mono", fontSize: "0.9em", bg: "bg.subtle", borderRadius: "sm", px: "1", whiteSpace: "pre-wrap" });

/** WhatsApp-style marks (*bold*, _italic_, ~strike~, ```mono```) and links as React nodes: no HTML is ever injected. */
function render(nodes: readonly MarkNode[]): ReactNode[] {
  return nodes.map((n, key) => {
    if (typeof n === "string") return n;
    switch (n.type) {
      case "link":
        return (
          <a key={key} href={n.href} target="_blank" rel="noopener noreferrer" className={link}>
            {n.href}
          </a>
        );
      case "mono":
        return (
          <code key={key} className={mono}>
            {n.text}
          </code>
        );
      case "bold":
        return <strong key={key}>{render(n.children)}</strong>;
      case "italic":
        return <em key={key}>{render(n.children)}</em>;
      case "strike":
        return <s key={key}>{render(n.children)}</s>;
    }
  });
}

/** A note's own text, without the marker and name the server put before it. */
export const noteText = (body: string) => body.replace(PRIVATE_PREFIX, "");

export function MessageText({ body, isPrivate }: { body: string; isPrivate: boolean }) {
  const text = isPrivate ? noteText(body) : body;
  return (
    <p className={css({ whiteSpace: "pre-wrap" })} data-testid="message-body">
      {render(parseMarks(text))}
    </p>
  );
}
