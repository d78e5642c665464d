/**
 * Messenger reaction names <-> emoji. Webhook values: smile, angry, sad, wow, love, like, dislike, other
 * (https://developers.facebook.com/docs/messenger-platform/reference/webhook-events/message-reactions).
 */
const BY_NAME: Record<string, string> = {
  smile: "😆",
  laugh: "😆",
  angry: "😡",
  sad: "😢",
  wow: "😮",
  love: "❤️",
  like: "👍",
  dislike: "👎",
};

/** The emoji for a reaction name (when the webhook gave no emoji). */
export function emojiForReaction(name: string | undefined): string {
  return (name && BY_NAME[name]) || "👍";
}

/** The reaction name the Send API takes for an emoji; undefined when Messenger has no such reaction. */
export function reactionForEmoji(emoji: string): string | undefined {
  const e = emoji.replace(/\uFE0F/g, "");
  for (const [name, v] of Object.entries(BY_NAME)) if (v.replace(/\uFE0F/g, "") === e) return name;
  if (["😀", "😄", "😂", "🤣"].includes(e)) return "smile";
  if (["😠"].includes(e)) return "angry";
  if (["😯", "😲"].includes(e)) return "wow";
  if (["♥", "💖", "💗", "😍"].includes(e)) return "love";
  return undefined;
}
