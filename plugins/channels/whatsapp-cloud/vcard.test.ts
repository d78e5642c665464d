import { describe, expect, test } from "bun:test";
import { parseVCard, toVCard } from "./vcard";

describe("vCard", () => {
  test("a WhatsApp contacts object survives a round trip", () => {
    const card = {
      name: { formatted_name: "Barbara J. Johnson", first_name: "Barbara", last_name: "Johnson" },
      phones: [{ phone: "+1 (650) 555-1234", wa_id: "16505551234", type: "CELL" }],
      emails: [{ email: "bjohnson@luckyshrub.com", type: "WORK" }],
      org: { company: "Lucky Shrub; Inc", title: "Lead Counsel" },
    };
    const [back] = parseVCard(toVCard([card]));
    expect(back).toEqual({
      name: { last_name: "Johnson", first_name: "Barbara", formatted_name: "Barbara J. Johnson" },
      org: { company: "Lucky Shrub; Inc", title: "Lead Counsel" },
      phones: [{ phone: "+1 (650) 555-1234", type: "CELL", wa_id: "16505551234" }],
      emails: [{ email: "bjohnson@luckyshrub.com", type: "WORK" }],
    });
  });

  test("a vCard written by a phone (folded lines, item prefixes) parses", () => {
    const text =
      "BEGIN:VCARD\nVERSION:3.0\nN:Silva;Maria;;;\nFN:Maria\n  Silva\nitem1.TEL;waid=5511999998888:+55 11 99999-8888\nitem1.X-ABLabel:Celular\nEND:VCARD";
    expect(parseVCard(text)).toEqual([
      {
        name: { last_name: "Silva", first_name: "Maria", formatted_name: "Maria Silva" },
        phones: [{ phone: "+55 11 99999-8888", type: "CELL", wa_id: "5511999998888" }],
      },
    ]);
  });
});
