import type { MessengerConfig } from "./config";

/**
 * Messenger and Instagram take replies for 24 hours after the person's last message; with the HUMAN_AGENT tag
 * (humanAgentTag, for replies written by a person) Meta allows 7 days.
 * Source: https://developers.facebook.com/docs/messenger-platform/send-messages/message-tags#human-agent
 */
export function replyWindowHours(config: Pick<MessengerConfig, "humanAgentTag">): number {
  return config.humanAgentTag ? 7 * 24 : 24;
}
