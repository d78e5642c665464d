import { Fragment, type ReactNode } from "react";
import { css } from "../../../../styled-system/css";
import { type MarkNode, parseMarks } from "../../../../../src/channels/marks";

/** The server stores a private note as "🔒 *Agent*:\n<text>" (messages/compose.ts); the bubble names both already. */
const PRIVATE_PREFIX = /^🔒 \*[^*\n]+\*:\n/;
const link = css({ color: "accent.text", textDecoration: "underline", overflowWrap: "anywhere" });
const mono = css({ fontFamily: "mono", fontSize: "0.9em", bg: "bg.subtle", borderRadius: "sm", px: "1", whiteSpace: "pre-wrap" });

/** WhatsApp-style marks (*bold*, _italic_, ~strike~, ```mono```) and links as React nodes: no HTML is ever injected. */
function render(nodes: readonly MarkNode[]): ReactNode[] {
  return nodes.map((n, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the nodes are parsed from one message's text and never reorder, so the position is their identity.
    <Fragment key={i}>{renderNode(n)}</Fragment>
  ));
}

function renderNode(n: MarkNode): ReactNode {
  if (typeof n === "string") return n;
  switch (n.type) {
    case "link":
      return (
        <a href={n.href} target="_blank" rel="noopener noreferrer" className={link}>
          {n.href}
        </a>
      );
    case "mono":
      return <code className={mono}>{n.text}</code>;
    case "bold":
      return <strong>{render(n.children)}</strong>;
    case "italic":
      return <em>{render(n.children)}</em>;
    case "strike":
      return <s>{render(n.children)}</s>;
  }
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
