import { describe, expect, test } from "bun:test";
import { QueryClient } from "@tanstack/react-query";
import { keys } from "../../api/keys";
import type { SessionUser } from "../auth/types";
import type { QuickMessagesData } from "./queries";
import { applyQuickMessageFrame } from "./realtime";
import { bodyFromForm, canDelete, canEdit, formFromQuickMessage, type QuickMessage } from "./types";

const qm = (id: number, shortcode: string, extra: Partial<QuickMessage> = {}): QuickMessage => ({
  id,
  shortcode,
  message: `text ${shortcode}`,
  geral: false,
  visao: true,
  status: true,
  userId: 7,
  isMedia: false,
  mediaPath: null,
  mediaName: null,
  mediaType: null,
  ...extra,
});
const user = (id: number, profile: "admin" | "user") => ({ id, profile, super: false }) as SessionUser;
const pages = (...lists: { records: QuickMessage[]; hasMore: boolean }[]): QuickMessagesData => ({
  pages: lists.map((l, i) => ({ ...l, count: i === 0 ? lists.reduce((n, x) => n + x.records.length, 0) : 0 })),
  pageParams: lists.map((_, i) => i + 1),
});
const codes = (qc: QueryClient, search: string) =>
  qc.getQueryData<QuickMessagesData>(keys.quickMessagesPage(search))!.pages.map((p) => p.records.map((r) => r.shortcode));
const count = (qc: QueryClient, search: string) => qc.getQueryData<QuickMessagesData>(keys.quickMessagesPage(search))!.pages[0]!.count;

describe("the quick message form", () => {
  test("general is sent only while visibility is on; the shortcode is trimmed; a message round-trips", () => {
    expect(bodyFromForm({ shortcode: " oi ", message: "Olá", visao: false, geral: true })).toEqual({
      shortcode: "oi",
      message: "Olá",
      visao: false,
      geral: false,
    });
    expect(bodyFromForm({ shortcode: "oi", message: "", visao: true, geral: true })).toMatchObject({ visao: true, geral: true });
    expect(bodyFromForm(formFromQuickMessage(qm(1, "promo", { geral: true, message: null })))).toEqual({
      shortcode: "promo",
      message: "",
      visao: true,
      geral: true,
    });
  });

  test("the owner rules: the owner edits and deletes; an admin deletes any and edits all but a personal one with visibility on", () => {
    const owner = user(7, "user");
    const other = user(8, "user");
    const admin = user(1, "admin");
    const personal = qm(1, "a");
    expect([canEdit(owner, personal), canEdit(other, personal), canEdit(admin, personal)]).toEqual([true, false, false]);
    expect(canEdit(admin, { ...personal, visao: false })).toBe(true);
    expect(canEdit(admin, { ...personal, geral: true })).toBe(true);
    expect(canEdit(other, { ...personal, geral: true })).toBe(false);
    expect(canEdit(admin, { ...personal, userId: null })).toBe(true);
    expect([canDelete(owner, personal), canDelete(other, personal), canDelete(admin, personal), canDelete(null, personal)]).toEqual([true, false, true, false]);
  });
});

describe("quick message frames into the page's lists", () => {
  test("create lands in its place in each matching list, update moves it, delete drops it; counts follow", () => {
    const qc = new QueryClient();
    qc.setQueryData(keys.quickMessagesPage(""), pages({ records: [qm(1, "a"), qm(2, "c")], hasMore: true }, { records: [qm(3, "e")], hasMore: false }));
    qc.setQueryData(keys.quickMessagesPage("pro"), pages({ records: [qm(4, "promo")], hasMore: false }));

    applyQuickMessageFrame(qc, { action: "create", record: qm(5, "b") });
    expect(codes(qc, "")).toEqual([["a", "b", "c"], ["e"]]);
    expect(codes(qc, "pro")).toEqual([["promo"]]);
    expect(count(qc, "")).toBe(4);

    applyQuickMessageFrame(qc, { action: "create", record: qm(6, "z") });
    expect(codes(qc, "")).toEqual([
      ["a", "b", "c"],
      ["e", "z"],
    ]);

    applyQuickMessageFrame(qc, { action: "update", record: qm(5, "product") });
    expect(codes(qc, "")).toEqual([
      ["a", "c"],
      ["e", "product", "z"],
    ]);
    expect(codes(qc, "pro")).toEqual([["product", "promo"]]);
    expect([count(qc, ""), count(qc, "pro")]).toEqual([5, 2]);

    applyQuickMessageFrame(qc, { action: "update", record: qm(4, "sale") });
    expect(codes(qc, "pro")).toEqual([["product"]]);
    expect(codes(qc, "")).toEqual([
      ["a", "c"],
      ["e", "product", "sale", "z"],
    ]);
    expect([count(qc, ""), count(qc, "pro")]).toEqual([6, 1]);

    applyQuickMessageFrame(qc, { action: "delete", id: 1 });
    applyQuickMessageFrame(qc, { action: "delete", id: 99 });
    expect(codes(qc, "")).toEqual([["c"], ["e", "product", "sale", "z"]]);
    expect(count(qc, "")).toBe(5);
  });

  test("a record past the loaded rows of a list with more pages waits for its page", () => {
    const qc = new QueryClient();
    qc.setQueryData(keys.quickMessagesPage(""), pages({ records: [qm(1, "a"), qm(2, "c")], hasMore: true }));
    applyQuickMessageFrame(qc, { action: "create", record: qm(3, "x") });
    expect(codes(qc, "")).toEqual([["a", "c"]]);
    expect(count(qc, "")).toBe(3);
  });
});
