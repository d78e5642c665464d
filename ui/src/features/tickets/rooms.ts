import { useEffect } from "react";
import { subscribe } from "valtio";
import { sendSocket, socketState } from "../../realtime/socket";

/**
 * Socket rooms the inbox is interested in: joinTickets/leaveTickets by status, joinChatBox/leaveChatBox
 * by ticket id. Counted, so two lists of one status share the room, and joined again after every reconnect.
 */
type Kind = "Tickets" | "ChatBox";
const counts = new Map<string, number>();
const keyOf = (kind: Kind, value: string | number) => `${kind}:${value}`;

function send(verb: "join" | "leave", key: string) {
  const i = key.indexOf(":");
  const kind = key.slice(0, i);
  const value = key.slice(i + 1);
  sendSocket(`${verb}${kind}`, kind === "ChatBox" ? Number(value) : value);
}

let last = socketState.status;
subscribe(socketState, () => {
  if (socketState.status === "open" && last !== "open") for (const key of counts.keys()) send("join", key);
  last = socketState.status;
});

export function useSocketRoom(kind: Kind, value: string | number | undefined) {
  useEffect(() => {
    if (value === undefined) return;
    const key = keyOf(kind, value);
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    if (n === 0) send("join", key);
    return () => {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) return void counts.set(key, left);
      counts.delete(key);
      send("leave", key);
    };
  }, [kind, value]);
}
