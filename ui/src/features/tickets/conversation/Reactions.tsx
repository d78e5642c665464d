import { Portal } from "@ark-ui/react/portal";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { IconButton } from "../../../components/ui/button";
import { PlusIcon, SmileIcon } from "../../../components/ui/icons";
import * as Popover from "../../../components/ui/popover";
import { useReact } from "../queries";
import type { Reaction } from "../types";
import { LazyEmojiPicker } from "./LazyEmojiPicker";

/** A row of 6 quick reactions plus the full list. */
export const QUICK_REACTIONS = ["👍", "❤️", "😂", "😮", "😢", "🙏"] as const;
/** Colour emoji fonts first: the body font may carry monochrome glyphs for the older emoji. */
const emojiFont = css({ fontFamily: "'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', emoji, sans-serif" });

/** The reactions under a message, one chip per emoji with its count. */
export function ReactionChips({ reactions }: { reactions: Reaction[] }) {
  if (!reactions.length) return null;
  const groups = new Map<string, string[]>();
  for (const r of reactions) groups.set(r.emoji, [...(groups.get(r.emoji) ?? []), r.reactor]);
  return (
    <div className={css({ display: "flex", flexWrap: "wrap", gap: "1", mt: "-1" })} data-testid="message-reactions">
      {[...groups].map(([e, who]) => (
        <span
          key={e}
          title={who.join(", ")}
          className={cx(
            emojiFont,
            css({
              display: "inline-flex",
              alignItems: "center",
              gap: "1",
              px: "1.5",
              py: "0.5",
              borderRadius: "full",
              bg: "bg.default",
              borderWidth: "1px",
              borderColor: "border.muted",
              fontSize: "xs",
              boxShadow: "sm",
            }),
          )}
        >
          {e}
          {who.length > 1 ? <span className={css({ color: "fg.muted" })}>{who.length}</span> : null}
        </span>
      ))}
    </div>
  );
}

/** The react button of a message: the quick row, and '+' for every emoji. */
export function ReactButton({ messageId }: { messageId: number }) {
  const { t } = useTranslation();
  const react = useReact();
  const [open, setOpen] = useState(false);
  const [full, setFull] = useState(false);
  const pick = (emoji: string) => {
    setOpen(false);
    setFull(false);
    react.mutate({ id: messageId, emoji });
  };
  return (
    <Popover.Root
      open={open}
      onOpenChange={(d) => {
        setOpen(d.open);
        setFull(false);
      }}
      positioning={{ placement: "top" }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <IconButton aria-label={t("tickets.message.react")} size="xs" data-testid="message-react">
          <SmileIcon />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content data-testid="reaction-picker">
            {full ? (
              <LazyEmojiPicker onSelect={pick} />
            ) : (
              <div className={css({ display: "flex", gap: "1", alignItems: "center" })}>
                {QUICK_REACTIONS.map((e) => (
                  <button
                    key={e}
                    type="button"
                    onClick={() => pick(e)}
                    aria-label={e}
                    data-emoji={e}
                    className={cx(emojiFont, css({ fontSize: "xl", p: "1", borderRadius: "md", cursor: "pointer", _hover: { bg: "bg.subtle" } }))}
                  >
                    {e}
                  </button>
                ))}
                <IconButton aria-label={t("tickets.message.moreReactions")} size="sm" onClick={() => setFull(true)} data-testid="more-reactions">
                  <PlusIcon />
                </IconButton>
              </div>
            )}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
