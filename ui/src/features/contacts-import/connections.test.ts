import { describe, expect, test } from "bun:test";
import { connectionsWith } from "./connections";

const base = { react: false, edit: false, delete: false, markRead: false, groups: false, window24h: false };
const channels = [
  { id: "whatsapp", capabilities: { ...base, checkNumber: true, listContacts: true } },
  { id: "whatsappapi", capabilities: { ...base, checkNumber: false } },
  { id: "numbersonly", capabilities: { ...base, checkNumber: true } },
];
const connections = [
  { id: 1, name: "Loja", channel: "whatsapp", status: "CONNECTED" as const },
  { id: 2, name: "Fora do ar", channel: "whatsapp", status: "DISCONNECTED" as const },
  { id: 3, name: "API oficial", channel: "whatsappapi", status: "CONNECTED" as const },
  { id: 4, name: "Só números", channel: "numbersonly", status: "CONNECTED" as const },
  { id: 5, name: "Sem plugin", channel: "gone", status: "CONNECTED" as const },
];

describe("connectionsWith", () => {
  test("only connected connections whose channel announces the capability", () => {
    expect(connectionsWith(connections, channels, "checkNumber").map((c) => c.id)).toEqual([1, 4]);
    expect(connectionsWith(connections, channels, "listContacts").map((c) => c.id)).toEqual([1]);
    expect(connectionsWith([], channels, "checkNumber")).toEqual([]);
  });
});
