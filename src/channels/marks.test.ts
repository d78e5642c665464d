import { describe, expect, test } from "bun:test";
import { parseMarks, stripMarks } from "./marks";

describe("WhatsApp marks", () => {
  test("bold, italic, strike and mono", () => {
    expect(parseMarks("*bold* _italic_ ~strike~ ```mono```")).toEqual([
      { type: "bold", children: ["bold"] },
      " ",
      { type: "italic", children: ["italic"] },
      " ",
      { type: "strike", children: ["strike"] },
      " ",
      { type: "mono", text: "mono" },
    ]);
  });

  test("the agent's signature and a private note's header", () => {
    expect(parseMarks("*Admin*:\nHello")).toEqual([{ type: "bold", children: ["Admin"] }, ":\nHello"]);
    expect(stripMarks("🔒 *Ana*:\nsee _this_")).toBe("🔒 Ana:\nsee this");
  });

  test("unbalanced marks stay as typed", () => {
    for (const text of ["*bold", "bold*", "_a", "~~", "**", "* not bold *", "*a\nb*", "```never closed", "a ```` b"]) {
      expect(parseMarks(text)).toEqual([text]);
      expect(stripMarks(text)).toBe(text);
    }
  });

  test("marks inside words and numbers are characters", () => {
    for (const text of ["snake_case_names", "2*3*4", "a~b~c", "file_name_v2.txt", "x*y* z"]) expect(parseMarks(text)).toEqual([text]);
    expect(parseMarks("call my_var_ now")).toEqual(["call my_var_ now"]);
    expect(parseMarks("* *bold* and _ _it_")).toEqual(["* ", { type: "bold", children: ["bold"] }, " and _ ", { type: "italic", children: ["it"] }]);
    expect(parseMarks("*a *b*")).toEqual([{ type: "bold", children: ["a *b"] }]);
  });

  test("punctuation and brackets around marks", () => {
    expect(parseMarks("(*yes*), _no_.")).toEqual(["(", { type: "bold", children: ["yes"] }, "), ", { type: "italic", children: ["no"] }, "."]);
    expect(stripMarks("¡*Hola*!")).toBe("¡Hola!");
  });

  test("links keep their underscores and asterisks, and may be emphasised", () => {
    expect(parseMarks("see https://example.com/snake_case_path?a=1*2*3 now")).toEqual([
      "see ",
      { type: "link", href: "https://example.com/snake_case_path?a=1*2*3" },
      " now",
    ]);
    expect(parseMarks("go to https://example.com.")).toEqual(["go to ", { type: "link", href: "https://example.com" }, "."]);
    expect(parseMarks("*https://example.com/a_b*")).toEqual([{ type: "bold", children: [{ type: "link", href: "https://example.com/a_b" }] }]);
    expect(parseMarks("javascript:alert(1) ftp://x")).toEqual(["javascript:alert(1) ftp://x"]);
  });

  test("nested marks, each kind once", () => {
    expect(parseMarks("*_both_*")).toEqual([{ type: "bold", children: [{ type: "italic", children: ["both"] }] }]);
    expect(parseMarks("_a *b* c_")).toEqual([{ type: "italic", children: ["a ", { type: "bold", children: ["b"] }, " c"] }]);
    expect(parseMarks("~*_all_*~")).toEqual([{ type: "strike", children: [{ type: "bold", children: [{ type: "italic", children: ["all"] }] }] }]);
    expect(stripMarks("~*_all_*~")).toBe("all");
  });

  test("mono spans lines and holds no marks or links", () => {
    expect(parseMarks("code:\n```const a_b = 2*3;\nhttps://x.io *no*```\nend")).toEqual([
      "code:\n",
      { type: "mono", text: "const a_b = 2*3;\nhttps://x.io *no*" },
      "\nend",
    ]);
    expect(stripMarks("```x```")).toBe("x");
    expect(parseMarks("``````")).toEqual(["``````"]);
  });

  test("markup is text: nothing is interpreted as HTML", () => {
    expect(parseMarks("*<img src=x onerror=alert(1)>*")).toEqual([{ type: "bold", children: ["<img src=x onerror=alert(1)>"] }]);
  });

  test("a long line of openers stays fast", () => {
    const text = "*a ".repeat(2000);
    const t0 = performance.now();
    expect(stripMarks(text)).toBe(text);
    expect(performance.now() - t0).toBeLessThan(50);
  });
});
