import { Fragment, type ReactNode } from "react";
import { css } from "../../../../styled-system/css";

/** The server stores a private note as "🔒 *Agent*:\n<text>" (messages/compose.ts); the bubble names both already. */
const PRIVATE_PREFIX = /^🔒 \*[^*\n]+\*:\n/;
const TOKEN = /(https?:\/\/[^\s<]+[^\s<.,;:!?)\]'"])|\*([^*\n]+)\*|_([^_\n]+)_|~([^~\n]+)~/g;
const link = css({ color: "accent.text", textDecoration: "underline", overflowWrap: "anywhere" });

/** WhatsApp-style emphasis (*bold*, _italic_, ~strike~) and links, as React nodes: no HTML is ever injected. */
function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = m.index;
    if (m[1]) {
      out.push(
        <a key={key} href={m[1]} target="_blank" rel="noopener noreferrer" className={link}>
          {m[1]}
        </a>,
      );
    } else if (m[2]) out.push(<strong key={key}>{m[2]}</strong>);
    else if (m[3]) out.push(<em key={key}>{m[3]}</em>);
    else if (m[4]) out.push(<s key={key}>{m[4]}</s>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A note's own text, without the marker and name the server put before it. */
export const noteText = (body: string) => body.replace(PRIVATE_PREFIX, "");

export function MessageText({ body, isPrivate }: { body: string; isPrivate: boolean }) {
  const text = isPrivate ? noteText(body) : body;
  return (
    <p className={css({ whiteSpace: "pre-wrap" })} data-testid="message-body">
      {text.split("\n").map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? "\n" : null}
          {inline(line)}
        </Fragment>
      ))}
    </p>
  );
}
