import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { keys } from "../../api/keys";
import { onSocketEvent } from "../../realtime/socket";
import { useSessionUser } from "../auth/hooks";
import { type Queue, sortQueues } from "./types";

export type QueueFrame = { action?: string; queue?: Queue; queueId?: number };

/** A company-{id}-queue frame applied to the queue list: create and update put the queue in its place, delete drops it. */
export function applyQueueFrame(qc: QueryClient, frame: QueueFrame) {
  const list = qc.getQueryData<Queue[]>(keys.queues);
  if (!list) return;
  if (frame.action === "delete" && typeof frame.queueId === "number") {
    qc.setQueryData<Queue[]>(
      keys.queues,
      list.filter((q) => q.id !== frame.queueId),
    );
  } else if ((frame.action === "create" || frame.action === "update") && frame.queue) {
    const queue = frame.queue;
    qc.setQueryData<Queue[]>(keys.queues, sortQueues([...list.filter((q) => q.id !== queue.id), queue]));
  }
}

/** Keeps the queue list live while mounted. */
export function useQueuesRealtime() {
  const qc = useQueryClient();
  const companyId = useSessionUser()?.companyId;
  useEffect(() => {
    if (!companyId) return;
    return onSocketEvent(`company-${companyId}-queue`, (data: QueueFrame) => applyQueueFrame(qc, data));
  }, [qc, companyId]);
}
