import { describe, expect, test } from "bun:test";
import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { keys } from "../../api/keys";
import { applyTagFrame } from "./realtime";
import { bodyFromForm, formFromTag, TAG_DEFAULTS, type Tag, type TagsPage } from "./types";

const tag = (id: number, name = `Tag ${id}`, extra: Partial<Tag> = {}): Tag => ({
  id,
  name,
  color: "#16a34a",
  kanban: 0,
  laneOrder: null,
  timeLane: 0,
  nextLaneId: null,
  rollbackLaneId: null,
  greetingMessageLane: null,
  contactsCount: 0,
  ...extra,
});

describe("the tag form", () => {
  test("without the plan's useKanban the kind is not sent; a contact tag has no lane order nor timer; an empty order is none", () => {
    const form = { ...TAG_DEFAULTS, name: "  VIP ", color: " #dc2626", laneOrder: "4", timeLane: "30", nextLaneId: "7" };
    const lane = { timeLane: 30, nextLaneId: 7, rollbackLaneId: null, greetingMessageLane: null };
    expect(bodyFromForm(form, false)).toEqual({ name: "VIP", color: "#dc2626" });
    expect(bodyFromForm(form, true)).toEqual({ name: "VIP", color: "#dc2626", kanban: 0, laneOrder: null });
    expect(bodyFromForm({ ...form, kanban: true }, true)).toEqual({ name: "VIP", color: "#dc2626", kanban: 1, laneOrder: 4, ...lane });
    expect(bodyFromForm({ ...form, kanban: true, laneOrder: " " }, true)).toMatchObject({ kanban: 1, laneOrder: null });
    expect(bodyFromForm(formFromTag(tag(3, "Lane", { kanban: 1, laneOrder: 2 })), true)).toEqual({
      name: "Lane",
      color: "#16a34a",
      kanban: 1,
      laneOrder: 2,
      timeLane: 0,
      nextLaneId: null,
      rollbackLaneId: null,
      greetingMessageLane: null,
    });
  });

  test("a lane's timer round-trips: minutes, next and rollback lanes (empty: none), its greeting", () => {
    const saved = tag(4, "Aguardando", { kanban: 1, timeLane: 60, nextLaneId: 5, rollbackLaneId: 6, greetingMessageLane: "Ainda tem interesse?" });
    const form = formFromTag(saved);
    expect(form).toMatchObject({ timeLane: "60", nextLaneId: "5", rollbackLaneId: "6", greetingMessageLane: "Ainda tem interesse?" });
    expect(bodyFromForm(form, true)).toMatchObject({ timeLane: 60, nextLaneId: 5, rollbackLaneId: 6, greetingMessageLane: "Ainda tem interesse?" });
    expect(bodyFromForm({ ...form, nextLaneId: "", rollbackLaneId: "", greetingMessageLane: "  ", timeLane: "" }, true)).toMatchObject({
      timeLane: 0,
      nextLaneId: null,
      rollbackLaneId: null,
      greetingMessageLane: null,
    });
  });
});

describe("tag frames into the page's lists", () => {
  const page = (tags: Tag[], count: number): InfiniteData<TagsPage> => ({ pages: [{ tags, count, hasMore: false }], pageParams: [1] });
  const names = (qc: QueryClient, search = "") => qc.getQueryData<InfiniteData<TagsPage>>(keys.tagPage(search, "all"))!.pages[0]!;

  test("update replaces the tag wherever it is shown; delete drops it and counts one less; every list is read again", () => {
    const qc = new QueryClient();
    qc.setQueryData(keys.tagPage("", "all"), page([tag(1), tag(2)], 2));
    qc.setQueryData(keys.tagPage("2", "all"), page([tag(2)], 1));
    applyTagFrame(qc, { action: "update", tag: tag(2, "Renamed", { color: "#000000" }) });
    expect(names(qc).tags.map((x) => [x.id, x.name])).toEqual([
      [1, "Tag 1"],
      [2, "Renamed"],
    ]);
    expect(names(qc, "2").tags[0]!.color).toBe("#000000");
    expect(qc.getQueryState(keys.tagPage("", "all"))!.isInvalidated).toBe(true);

    applyTagFrame(qc, { action: "delete", tagId: 1 });
    expect(names(qc)).toMatchObject({ count: 1, tags: [{ id: 2 }] });
    // A list that did not show the tag keeps its count.
    expect(names(qc, "2").count).toBe(1);
  });

  test("a frame without its tag, or of an unknown action, changes nothing", () => {
    const qc = new QueryClient();
    qc.setQueryData(keys.tagPage("", "all"), page([tag(1)], 1));
    applyTagFrame(qc, { action: "update" });
    applyTagFrame(qc, { action: "rename", tag: tag(1, "X") });
    expect(names(qc).tags[0]!.name).toBe("Tag 1");
    expect(qc.getQueryState(keys.tagPage("", "all"))!.isInvalidated).toBe(false);
  });
});
