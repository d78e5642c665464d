import { describe, expect, test } from "bun:test";
import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { keys } from "../../api/keys";
import { validate } from "../auth/validation";
import { contactBody, contactRules, contactServerErrors, extraRow } from "./form";
import { applyContactFrame, type ContactsPage } from "./list";
import type { ContactRow } from "./queries";

const contact = (id: number, extra: Partial<ContactRow> = {}): ContactRow => ({
  id,
  name: `Contact ${id}`,
  number: `55119000000${String(id).padStart(2, "0")}`,
  email: "",
  active: true,
  disableBot: false,
  acceptAudioMessage: true,
  tags: [],
  ...extra,
});

describe("the contact form", () => {
  test("name 2-50 required; number 8-50 digits once formatting goes, required only for a new contact; email when given", () => {
    const rules = contactRules(true);
    expect(validate({ name: "A", number: "", email: "x" }, rules)).toEqual({
      name: "validation.tooShort",
      number: "validation.required",
      email: "validation.invalidEmail",
    });
    expect(validate({ name: "Ana", number: "+55 (11) 98765-4321", email: "" }, rules)).toEqual({});
    expect(validate({ name: "Ana", number: "55 11 abc", email: "" }, rules)).toEqual({ number: "contacts.invalidNumber" });
    expect(validate({ name: "Ana", number: "1234-567", email: "" }, rules)).toEqual({ number: "validation.tooShort" });
    expect(validate({ name: "Ana", number: "1".repeat(51), email: "" }, rules)).toEqual({ number: "validation.tooLong" });
    // An existing contact may have no number (a channel's), and a number masked for this viewer is not checked.
    expect(validate({ name: "Ana", number: "", email: "" }, contactRules(false))).toEqual({});
    expect(validate({ name: "Ana", number: "5511*******21", email: "" }, contactRules(false))).toEqual({});
  });

  test("the body: trimmed texts, named extra fields only, the masked number left out, the owner only when offered", () => {
    const extra = [extraRow(" CPF ", "123"), extraRow("  ", "lost")];
    expect(contactBody({ name: " Ana ", number: " 5511987654321 ", email: " a@b.co " }, extra)).toEqual({
      name: "Ana",
      number: "5511987654321",
      email: "a@b.co",
      extraInfo: [{ name: "CPF", value: "123" }],
    });
    expect(contactBody({ name: "Ana", number: "5511*******21", email: "" }, [], { walletUserId: null })).toEqual({
      name: "Ana",
      email: "",
      extraInfo: [],
      walletUserId: null,
    });
    expect(contactServerErrors({ number: "Invalid number", walletUserId: "Not found", name: "Too Short!" })).toEqual({
      number: "contacts.invalidNumber",
      walletUserId: "contacts.notFound",
      name: "Too Short!",
    });
  });
});

describe("contact frames into the page's lists", () => {
  const page = (contacts: ContactRow[], count: number): InfiniteData<ContactsPage> => ({ pages: [{ contacts, count, hasMore: false }], pageParams: [1] });
  const list = (qc: QueryClient, search = "", tags: number[] = []) => qc.getQueryData<InfiniteData<ContactsPage>>(keys.contacts.page(search, tags))!.pages[0]!;
  const stale = (qc: QueryClient, search = "", tags: number[] = []) => qc.getQueryState(keys.contacts.page(search, tags))!.isInvalidated;

  test("an update of a shown contact replaces it in place without a read; a tag-filtered list drops it once it lost the tag", () => {
    const qc = new QueryClient();
    const vip = { id: 7, name: "VIP", color: "#000" };
    qc.setQueryData(keys.contacts.page("", []), page([contact(1), contact(2, { tags: [vip] })], 2));
    qc.setQueryData(keys.contacts.page("", [7]), page([contact(2, { tags: [vip] })], 1));
    applyContactFrame(qc, { action: "update", contact: contact(2, { name: "Renamed", active: false }) });
    expect(list(qc).contacts.map((c) => [c.id, c.name, c.active])).toEqual([
      [1, "Contact 1", true],
      [2, "Renamed", false],
    ]);
    expect(list(qc, "", [7])).toMatchObject({ count: 0, contacts: [] });
    expect(stale(qc)).toBe(false);
  });

  test("a contact no list shows makes the lists read again; a delete drops it and counts one less", () => {
    const qc = new QueryClient();
    qc.setQueryData(keys.contacts.page("", []), page([contact(1), contact(2)], 2));
    applyContactFrame(qc, { action: "update", contact: contact(3) });
    expect(stale(qc)).toBe(true);
    applyContactFrame(qc, { action: "delete", contactId: 1 });
    expect(list(qc)).toMatchObject({ count: 1, contacts: [{ id: 2 }] });
  });

  test("a frame without its contact, or of an unknown action, changes nothing", () => {
    const qc = new QueryClient();
    qc.setQueryData(keys.contacts.page("", []), page([contact(1)], 1));
    applyContactFrame(qc, { action: "update" });
    applyContactFrame(qc, { action: "rename", contact: contact(1, { name: "X" }) });
    expect(list(qc).contacts[0]!.name).toBe("Contact 1");
    expect(stale(qc)).toBe(false);
  });
});
