import { describe, expect, test } from "bun:test";
import { QueryClient } from "@tanstack/react-query";
import { keys } from "../../api/keys";
import { applyQueueFrame } from "./realtime";
import { bodyFromForm, formFromQueue, type Queue, sortQueues } from "./types";

const q = (id: number, orderQueue: number | null, name = `Q${id}`): Queue => ({ id, name, color: `#00000${id}`, orderQueue });

describe("the queue form", () => {
  test("an empty order is none; text is trimmed; a queue round-trips through the form", () => {
    expect(bodyFromForm({ name: "  Vendas ", color: " #16a34a", orderQueue: " " })).toEqual({ name: "Vendas", color: "#16a34a", orderQueue: null });
    expect(bodyFromForm({ name: "Suporte", color: "#dc2626", orderQueue: "3" })).toEqual({ name: "Suporte", color: "#dc2626", orderQueue: 3 });
    expect(bodyFromForm(formFromQueue(q(4, 7, "Fin")))).toEqual({ name: "Fin", color: "#000004", orderQueue: 7 });
    expect(bodyFromForm(formFromQueue(q(5, null)))).toMatchObject({ orderQueue: null });
  });

  test("the list is ordered as the server orders it: no order first, then by order, then by id", () => {
    expect(sortQueues([q(3, 2), q(1, 2), q(2, null), q(4, 0)]).map((x) => x.id)).toEqual([2, 4, 1, 3]);
  });
});

describe("queue frames into the list", () => {
  test("create and update put the queue in its place; delete drops it; no list yet: nothing is made up", () => {
    const qc = new QueryClient();
    applyQueueFrame(qc, { action: "create", queue: q(9, 1) });
    expect(qc.getQueryData(keys.queues)).toBeUndefined();

    qc.setQueryData<Queue[]>(keys.queues, [q(1, 1), q(2, 5)]);
    applyQueueFrame(qc, { action: "create", queue: q(3, 2) });
    expect(qc.getQueryData<Queue[]>(keys.queues)!.map((x) => x.id)).toEqual([1, 3, 2]);
    applyQueueFrame(qc, { action: "update", queue: q(1, 9, "Renamed") });
    expect(qc.getQueryData<Queue[]>(keys.queues)!.map((x) => [x.id, x.name])).toEqual([
      [3, "Q3"],
      [2, "Q2"],
      [1, "Renamed"],
    ]);
    applyQueueFrame(qc, { action: "delete", queueId: 2 });
    expect(qc.getQueryData<Queue[]>(keys.queues)!.map((x) => x.id)).toEqual([3, 1]);
  });
});
