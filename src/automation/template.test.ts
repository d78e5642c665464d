import { describe, expect, test } from "bun:test";
import { fillTemplate, type TemplateValues } from "./template";

/** 2026-03-10 14:05:09 UTC: 11:05:09 in São Paulo (UTC-3), 23:05:09 in Tokyo (UTC+9), 07:05:09 in Los Angeles (UTC-7). */
const NOW = new Date("2026-03-10T14:05:09Z");

const base: TemplateValues = {
  contactName: "  Maria Clara Souza ",
  ticketId: 42,
  ticketCreatedAt: "2026-03-09T23:30:00.000Z",
  user: "Ana",
  queue: "Vendas",
  connection: "Loja WhatsApp",
  companyName: "Acme Ltda",
  timeZone: "America/Sao_Paulo",
  now: NOW,
};

describe("fillTemplate", () => {
  test("every variable is filled from the ticket, its people and the company", () => {
    const text = "{{name}}|{{firstName}}|{{ms}}|{{protocol}}|{{ticket_id}}|{{user}}|{{userName}}|{{queue}}|{{connection}}|{{date}}|{{hour}}|{{name_company}}";
    expect(fillTemplate(text, base)).toBe("  Maria Clara Souza |Maria|Bom dia|2026030942|42|Ana|Ana|Vendas|Loja WhatsApp|10/03/2026|11:05:09|Acme Ltda");
  });

  test("{{userName}} is the same as {{user}}; spaces inside the braces are allowed", () => {
    expect(fillTemplate("Sou {{userName}} e {{ user }}", base)).toBe("Sou Ana e Ana");
  });

  test("an unknown placeholder stays visible and nothing throws", () => {
    expect(fillTemplate("Olá {{nome}} {{1}} {{}} {{name", base)).toBe("Olá {{nome}} {{1}} {{}} {{name");
    expect(fillTemplate("{{constructor}} {{toString}}", base)).toBe("{{constructor}} {{toString}}");
  });

  test("missing or empty values fill as empty text", () => {
    const v: TemplateValues = { ...base, contactName: "", user: null, queue: undefined, connection: null, companyName: null };
    expect(fillTemplate("[{{name}}][{{firstName}}][{{user}}][{{queue}}][{{connection}}][{{name_company}}]", v)).toBe("[][][][][][]");
  });

  test("a text without placeholders comes back unchanged", () => {
    expect(fillTemplate("Obrigado!", base)).toBe("Obrigado!");
    expect(fillTemplate("", base)).toBe("");
  });

  test("{{ms}} follows the company's hour, not the server's", () => {
    expect(fillTemplate("{{ms}}", { ...base, timeZone: "America/Sao_Paulo" })).toBe("Bom dia");
    expect(fillTemplate("{{ms}}", { ...base, timeZone: "Asia/Tokyo" })).toBe("Boa noite");
    expect(fillTemplate("{{ms}}", { ...base, timeZone: "Europe/Lisbon" })).toBe("Boa tarde");
  });

  test("{{ms}} boundaries: 06:00 morning, 12:00 afternoon, 18:00 night, 05:59 still night", () => {
    const at = (hhmm: string) => fillTemplate("{{ms}}", { ...base, timeZone: "UTC", now: new Date(`2026-03-10T${hhmm}:00Z`) });
    expect(at("05:59")).toBe("Boa noite");
    expect(at("06:00")).toBe("Bom dia");
    expect(at("11:59")).toBe("Bom dia");
    expect(at("12:00")).toBe("Boa tarde");
    expect(at("17:59")).toBe("Boa tarde");
    expect(at("18:00")).toBe("Boa noite");
    expect(at("00:00")).toBe("Boa noite");
  });

  test("{{date}}, {{hour}} and the protocol's day are the company's calendar", () => {
    const tokyo = { ...base, timeZone: "Asia/Tokyo" };
    expect(fillTemplate("{{date}} {{hour}} {{protocol}}", tokyo)).toBe("10/03/2026 23:05:09 2026031042");
    const la = { ...base, timeZone: "America/Los_Angeles" };
    expect(fillTemplate("{{date}} {{hour}} {{protocol}}", la)).toBe("10/03/2026 07:05:09 2026030942");
    const lateUtc = { ...base, now: new Date("2026-03-11T01:00:00Z") };
    expect(fillTemplate("{{date}} {{hour}}", lateUtc)).toBe("10/03/2026 22:00:00");
  });
});
