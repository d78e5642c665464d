import { describe, expect, test } from "bun:test";
import { plainText } from "./text-format";

describe("plainText (WhatsApp marks for channels that do not render them)", () => {
  test("the signature and each mark lose their marks", () => {
    expect(plainText("*Ana*:\nhello")).toBe("Ana:\nhello");
    expect(plainText("a *bold* and _italic_ and ~gone~ and ```code x```.")).toBe("a bold and italic and gone and code x.");
    expect(plainText("*_both_*")).toBe("both");
  });

  test("characters that are not marks stay", () => {
    expect(plainText("2*3*4 = 24")).toBe("2*3*4 = 24");
    expect(plainText("snake_case_name and https://x.test/a_b_c")).toBe("snake_case_name and https://x.test/a_b_c");
    expect(plainText("a * b * c")).toBe("a * b * c");
    expect(plainText("price ~10 or ~20")).toBe("price ~10 or ~20");
  });
});
