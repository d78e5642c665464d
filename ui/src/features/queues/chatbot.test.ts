import { describe, expect, test } from "bun:test";
import { bodyFromChatbotForm, type ChatbotOption, chatbotFieldErrors, descendantCount, formFromOption, offeredTypes, reorderSiblings } from "./chatbot";

const opt = (id: number, order: number, options: ChatbotOption[] = [], extra: Partial<ChatbotOption> = {}): ChatbotOption => ({
  id,
  queueId: 1,
  parentId: null,
  name: `Option ${id}`,
  greetingMessage: null,
  queueType: "text",
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  closeTicket: false,
  order,
  options,
  ...extra,
});

describe("the chatbot option form", () => {
  test("texts are trimmed, an empty message is none, and only the type's own target is sent", () => {
    const form = { name: "  Vendas ", greetingMessage: "  ", queueType: "text" as const, optUserId: "7", optQueueId: "3", optFileId: "5", closeTicket: true };
    expect(bodyFromChatbotForm(form)).toEqual({
      name: "Vendas",
      greetingMessage: null,
      queueType: "text",
      optUserId: null,
      optQueueId: null,
      optFileId: null,
      closeTicket: true,
    });
    expect(bodyFromChatbotForm({ ...form, queueType: "attendent", greetingMessage: " Hi " })).toMatchObject({
      greetingMessage: "Hi",
      optUserId: 7,
      optQueueId: null,
      optFileId: null,
    });
    expect(bodyFromChatbotForm({ ...form, queueType: "queue" })).toMatchObject({ optUserId: null, optQueueId: 3, optFileId: null });
    expect(bodyFromChatbotForm({ ...form, queueType: "file" })).toMatchObject({ optUserId: null, optQueueId: null, optFileId: 5 });
    expect(bodyFromChatbotForm({ ...form, queueType: "queue", optQueueId: "" })).toMatchObject({ optQueueId: null });
  });

  test("an option round-trips through the form; a new option starts as text with no target", () => {
    const saved = opt(4, 0, [], { name: "Suporte", greetingMessage: "1 - A", queueType: "queue", optQueueId: 9, closeTicket: true });
    expect(bodyFromChatbotForm(formFromOption(saved))).toEqual({
      name: "Suporte",
      greetingMessage: "1 - A",
      queueType: "queue",
      optUserId: null,
      optQueueId: 9,
      optFileId: null,
      closeTicket: true,
    });
    expect(formFromOption()).toEqual({ name: "", greetingMessage: "", queueType: "text", optUserId: "", optQueueId: "", optFileId: "", closeTicket: false });
  });

  test("file options are offered only with the files capability; integration options never, having nothing to point at", () => {
    expect(offeredTypes(["queues", "chatbot"])).toEqual(["text", "attendent", "queue"]);
    expect(offeredTypes(["queues", "chatbot", "files", "integrations"])).toEqual(["text", "attendent", "queue", "file"]);
  });

  test("the server's field messages become message keys; unknown texts stay as they are", () => {
    expect(
      chatbotFieldErrors({
        name: "Too Short!",
        optQueueId: "Not found",
        parentId: "The parent option needs a message",
        greetingMessage: "Required while the option has sub-options",
        other: "Something else",
      }),
    ).toEqual({
      name: "validation.tooShort",
      optQueueId: "chatbot.errors.notFound",
      parentId: "chatbot.errors.parentNeedsMessage",
      greetingMessage: "chatbot.errors.messageKeepsSubOptions",
      other: "Something else",
    });
  });
});

describe("moving an option among its siblings", () => {
  test("the siblings are renumbered in their new sequence; only changed orders are written", () => {
    const siblings = [opt(1, 0), opt(2, 1), opt(3, 2)];
    expect(reorderSiblings(siblings, 3, "up")).toEqual([
      { id: 3, order: 1 },
      { id: 2, order: 2 },
    ]);
    expect(reorderSiblings(siblings, 1, "down")).toEqual([
      { id: 2, order: 0 },
      { id: 1, order: 1 },
    ]);
  });

  test("equal or sparse orders (the server sorts ties by id) still move the option one place", () => {
    expect(reorderSiblings([opt(5, 0), opt(6, 0), opt(7, 0)], 6, "up")).toEqual([
      { id: 5, order: 1 },
      { id: 7, order: 2 },
    ]);
    expect(reorderSiblings([opt(1, 10), opt(2, 20)], 1, "down")).toEqual([
      { id: 2, order: 0 },
      { id: 1, order: 1 },
    ]);
  });

  test("nothing moves past either end or for an unknown option", () => {
    const siblings = [opt(1, 0), opt(2, 1)];
    expect(reorderSiblings(siblings, 1, "up")).toEqual([]);
    expect(reorderSiblings(siblings, 2, "down")).toEqual([]);
    expect(reorderSiblings(siblings, 99, "up")).toEqual([]);
  });
});

test("an option counts every option below it, at any depth", () => {
  expect(descendantCount(opt(1, 0))).toBe(0);
  expect(descendantCount(opt(1, 0, [opt(2, 0, [opt(4, 0), opt(5, 1, [opt(6, 0)])]), opt(3, 1)]))).toBe(5);
});
