import { describe, expect, test } from "bun:test";
import { checkRow, importNumber } from "./normalize";

describe("importNumber", () => {
  test("a national number gets the company's country code, after its trunk zero", () => {
    expect(importNumber("(11) 98765-4321", "55")).toBe("5511987654321");
    expect(importNumber("011 3456-7890", "55")).toBe("551134567890");
    expect(importNumber("415 555 0123", "1")).toBe("14155550123");
  });

  test("a number carrying a country code keeps it: + or 00 in front, 12 digits or more, or the company's code before a national number", () => {
    expect(importNumber("+55 11 98765-4321", "55")).toBe("5511987654321");
    expect(importNumber("0044 20 7946 0958", "55")).toBe("442079460958");
    expect(importNumber("5511987654321", "55")).toBe("5511987654321");
    expect(importNumber("351912345678", "55")).toBe("351912345678");
    expect(importNumber("1 415 555 0123", "1")).toBe("14155550123");
  });

  test("an area code equal to the country code is still a national number", () => {
    // Brazil's area code 55 (Rio Grande do Sul): 11 digits starting with 55 lack the country code.
    expect(importNumber("55 99123-4567", "55")).toBe("5555991234567");
  });

  test("letters, too few or too many digits are not a number", () => {
    expect(importNumber("call me", "55")).toBeUndefined();
    expect(importNumber("12ab34", "55")).toBeUndefined();
    expect(importNumber("+123", "55")).toBeUndefined();
    expect(importNumber("+1234567890123456", "55")).toBeUndefined();
  });
});

describe("checkRow", () => {
  const row = (over: Partial<Record<"name" | "number" | "email" | "tags", string>>) => ({ name: "Ana", number: "11987654321", email: "", tags: "", ...over });

  test("name and number are required; a one-letter name and a bad number are refused", () => {
    expect(checkRow(row({ name: "  " }), "55")).toMatchObject({ ok: false, reason: "missingName" });
    expect(checkRow(row({ number: "" }), "55")).toMatchObject({ ok: false, reason: "missingNumber" });
    expect(checkRow(row({ name: "A" }), "55")).toMatchObject({ ok: false, reason: "invalidName" });
    expect(checkRow(row({ number: "12-34" }), "55")).toMatchObject({ ok: false, reason: "invalidNumber", number: "12-34" });
  });

  test("spaces in the name collapse, a long name is cut at 50, a bad email is left out, tags split and repeat once", () => {
    const r = checkRow(row({ name: ` Ana   ${"x".repeat(60)}`, email: "not-mail", tags: "VIP; vip, Lead\nLead ,," }), "55");
    expect(r).toEqual({ ok: true, name: `Ana ${"x".repeat(46)}`, number: "5511987654321", email: "", tags: ["VIP", "Lead"] });
    expect(checkRow(row({ email: " Ana@Mail.COM " }), "55")).toMatchObject({ email: "ana@mail.com" });
  });
});
