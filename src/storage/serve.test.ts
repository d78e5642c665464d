import { describe, expect, test } from "bun:test";
import { contentDisposition, parseRange } from "./serve";

describe("parseRange", () => {
  test.each([
    ["bytes=0-0", { start: 0, end: 0 }],
    ["bytes=2-5", { start: 2, end: 5 }],
    ["bytes=2-999", { start: 2, end: 9 }],
    ["bytes=7-", { start: 7, end: 9 }],
    ["bytes=-3", { start: 7, end: 9 }],
    ["bytes=-50", { start: 0, end: 9 }],
    [" bytes=1-2 ", { start: 1, end: 2 }],
  ] as const)("%s of 10 bytes", (header, range) => {
    expect(parseRange(header, 10)).toEqual(range);
  });

  test("past the end or an empty suffix is unsatisfiable", () => {
    expect(parseRange("bytes=10-", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=10-12", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 10)).toBe("unsatisfiable");
  });

  test("absent, several or malformed ranges mean the whole file", () => {
    for (const h of [null, "", "bytes=", "bytes=-", "bytes=0-1,3-4", "bytes=5-2", "bits=0-1", "bytes=a-b", "bytes=1-2-3"]) {
      expect(parseRange(h, 10)).toBeUndefined();
    }
  });
});

describe("contentDisposition", () => {
  test("inline only for image, audio and video, never SVG", () => {
    expect(contentDisposition("image/png", "a.png")).toBe("inline");
    expect(contentDisposition("audio/ogg; codecs=opus", "a.ogg")).toBe("inline");
    expect(contentDisposition("video/mp4", "a.mp4")).toBe("inline");
    expect(contentDisposition("image/svg+xml", "a.svg")).toStartWith("attachment;");
    expect(contentDisposition("text/plain", "a.txt")).toStartWith("attachment;");
    expect(contentDisposition("application/pdf", "a.pdf")).toStartWith("attachment;");
  });

  test("the quoted name is printable ASCII without quotes or backslashes; the full name is RFC 5987 encoded", () => {
    expect(contentDisposition("application/pdf", `a"b\\c;d'(e)*ç.pdf`)).toBe(
      `attachment; filename="a_b_c;d'(e)*_.pdf"; filename*=UTF-8''a%22b%5Cc%3Bd%27%28e%29%2A%C3%A7.pdf`,
    );
  });
});
