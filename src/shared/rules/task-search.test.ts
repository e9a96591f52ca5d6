import { describe, expect, it } from "vitest";
import { MAX_WORD_LENGTH, prefixUpperBound, queryWords, searchWords } from "./task-search.ts";

describe("searchWords", () => {
  it.each([
    ["Write the report", ["write", "the", "report"]],
    ["Café-menu (v2)", ["cafe", "menu", "v2"]],
    ["  ÉTÉ   été  ", ["ete"]],
    ["Straße über Ünï", ["straße", "uber", "uni"]],
    ["Call mom!!! 9am @home #Launch", ["call", "mom", "9am", "home", "launch"]],
    ["日本語 の タスク", ["日本語", "の", "タスク"]],
    ["", []],
    ["--- !!! ---", []],
  ])("%s", (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });

  it("cuts very long words, and keeps at most the limit of words", () => {
    expect(searchWords("x".repeat(100))).toEqual(["x".repeat(MAX_WORD_LENGTH)]);
    expect(searchWords(Array.from({ length: 100 }, (_, i) => `w${i}`).join(" "))).toHaveLength(60);
  });
});

describe("queryWords", () => {
  it("puts the longest first and keeps five", () => {
    expect(queryWords("a bb report ccc")).toEqual(["report", "ccc", "bb", "a"]);
    expect(queryWords("one two three four five six seven")).toHaveLength(5);
  });
});

describe("prefixUpperBound", () => {
  it("bounds every string with the prefix, and nothing after them", () => {
    expect(prefixUpperBound("rep")).toBe("req");
    expect(prefixUpperBound("az")).toBe("a{");
    for (const [prefix, inside, outside] of [
      ["rep", "report", "req"],
      ["caf", "cafe", "cag"],
      ["日本", "日本語", "日\u{672d}"],
    ] as const) {
      const upper = prefixUpperBound(prefix);
      expect(inside >= prefix && inside < upper).toBe(true);
      expect(outside >= upper).toBe(true);
    }
  });

  it("carries past the last code point", () => {
    expect(prefixUpperBound("a\u{10ffff}")).toBe("b");
    expect(prefixUpperBound("\u{d7ff}")).toBe("\u{e000}");
  });
});
