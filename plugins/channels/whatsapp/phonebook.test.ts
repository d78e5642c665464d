/**
 * listContacts: the phone's address book as WhatsApp syncs it (contacts.upsert / contacts.update / the contacts of a
 * history sync), driven through the fake socket, kept in the plugin state across a restart and forgotten on logout.
 */
import { describe, expect, test } from "bun:test";
import { connectedSession, linkedStore } from "./testing/setup";

const byNumber = (list: { number: string; name: string }[]) => [...list].sort((a, b) => a.number.localeCompare(b.number));

describe("whatsapp listContacts", () => {
  test("phone JIDs and LIDs carrying a phone number are listed with the best name; LID-only contacts and groups are not", async () => {
    const t = await connectedSession({ pictures: false });
    expect(await t.session.listContacts()).toEqual([]);
    t.sockets.last.emit("contacts.upsert", [
      { id: "5511988880001@s.whatsapp.net", name: "Ana (agenda)", notify: "Aninha" },
      { id: "9988776655@lid", phoneNumber: "5511988880002@s.whatsapp.net", notify: "Bruno" },
      { id: "1234567@lid", notify: "Sem número" },
      { id: "120363000000000000@g.us", name: "Grupo" },
    ]);
    // An update without a name keeps the saved one; a verified business name comes before the person's own.
    t.sockets.last.emit("contacts.update", [
      { id: "5511988880001@s.whatsapp.net", notify: "Ana N." },
      { id: "5511988880003@s.whatsapp.net", verifiedName: "Loja C", notify: "Carla" },
    ]);
    t.sockets.last.emit("messaging-history.set", {
      chats: [],
      contacts: [{ id: "5511988880004@s.whatsapp.net" }],
      messages: [],
    });
    await t.session.idle();
    expect(byNumber(await t.session.listContacts())).toEqual([
      { number: "5511988880001", name: "Ana (agenda)" },
      { number: "5511988880002", name: "Bruno" },
      { number: "5511988880003", name: "Loja C" },
      { number: "5511988880004", name: "" },
    ]);
  });

  test("the book survives a restart (plugin state) and goes with a logout", async () => {
    const store = await linkedStore();
    const first = await connectedSession({ store, pictures: false });
    first.sockets.last.emit("contacts.upsert", [{ id: "5511988880001@s.whatsapp.net", name: "Ana" }]);
    await first.session.idle();
    await first.session.stop();

    const second = await connectedSession({ store, pictures: false });
    expect(await second.session.listContacts()).toEqual([{ number: "5511988880001", name: "Ana" }]);
    await second.session.logout();
    expect(await second.session.listContacts()).toEqual([]);
  });
});
