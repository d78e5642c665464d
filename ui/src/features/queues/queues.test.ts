import { describe, expect, test } from "bun:test";
import { QueryClient } from "@tanstack/react-query";
import { keys } from "../../api/keys";
import { DEFAULT_WEEK } from "../schedules/week";
import { HIDDEN_QUEUE_FIELDS, queueScheduleShown } from "./hidden";
import { applyQueueFrame } from "./realtime";
import { bodyFromForm, formFromQueue, QUEUE_DEFAULTS, type Queue, sortQueues } from "./types";

const q = (id: number, orderQueue: number | null, name = `Q${id}`): Queue => ({ id, name, color: `#00000${id}`, orderQueue });

describe("the queue form", () => {
  test("an empty order is none; text is trimmed; a queue round-trips through the form", () => {
    expect(bodyFromForm({ ...QUEUE_DEFAULTS, name: "  Vendas ", color: " #16a34a", orderQueue: " " })).toMatchObject({
      name: "Vendas",
      color: "#16a34a",
      orderQueue: null,
    });
    expect(bodyFromForm({ ...QUEUE_DEFAULTS, name: "Suporte", color: "#dc2626", orderQueue: "3" })).toMatchObject({
      name: "Suporte",
      color: "#dc2626",
      orderQueue: 3,
    });
    const stored = { ...q(4, 7, "Fin"), greetingMessage: "Oi", outOfHoursMessage: "Fechado", closeTicket: true, schedules: DEFAULT_WEEK };
    expect(bodyFromForm(formFromQueue(stored))).toMatchObject({
      name: "Fin",
      color: "#000004",
      orderQueue: 7,
      greetingMessage: "Oi",
      outOfHoursMessage: "Fechado",
      closeTicket: true,
    });
    expect(bodyFromForm(formFromQueue(q(5, null)))).toMatchObject({ orderQueue: null, greetingMessage: null, closeTicket: false });
  });

  test("the bot's fields are sent (greeting, out-of-hours, close, week, round-robin); the fields whose effect does not exist yet are not", () => {
    const form = {
      ...QUEUE_DEFAULTS,
      name: "Vendas",
      color: "#16a34a",
      greetingMessage: " Olá! ",
      outOfHoursMessage: "",
      ativarRoteador: true,
      tempoRoteador: "15",
      schedules: DEFAULT_WEEK.map((d, i) => (i === 6 ? { ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" } : d)),
    };
    expect(Object.keys(bodyFromForm(form)).sort()).toEqual([
      "ativarRoteador",
      "closeTicket",
      "color",
      "greetingMessage",
      "name",
      "orderQueue",
      "outOfHoursMessage",
      "schedules",
      "tempoRoteador",
    ]);
    expect(HIDDEN_QUEUE_FIELDS.has("fileListId")).toBe(true);
    expect(queueScheduleShown("queue")).toBe(true);
    expect(queueScheduleShown("company")).toBe(false);
    // Every field shown, as once the file list and the integrations have their effect.
    const none = new Set<string>();
    const body = bodyFromForm(form, none);
    expect(body).toMatchObject({ greetingMessage: "Olá!", outOfHoursMessage: null, ativarRoteador: true, tempoRoteador: 15 });
    expect((body as unknown as { schedules: unknown[] }).schedules[6]).toEqual({
      weekdayEn: "sunday",
      startTimeA: "",
      endTimeA: "",
      startTimeB: "",
      endTimeB: "",
    });
    expect(queueScheduleShown("queue", none)).toBe(true);
    expect(queueScheduleShown("company", none)).toBe(false);
    expect(queueScheduleShown(undefined, none)).toBe(false);
    const stored = { ...q(8, null), greetingMessage: "Oi", ativarRoteador: true, tempoRoteador: 30, schedules: DEFAULT_WEEK };
    expect(bodyFromForm(formFromQueue(stored), none)).toMatchObject({ greetingMessage: "Oi", ativarRoteador: true, tempoRoteador: 30 });
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
