import { describe, expect, it } from "vitest";
import { clampDuration, distributionDate, distributionDayOffset, parseSuggestions, PLACEHOLDER_TITLE, scheduleDays } from "./breakdown.ts";

describe("clampDuration (spec section 5: at least 5, lower or invalid becomes 5, at most 480)", () => {
  it.each([
    [30, 30],
    ["45", 45],
    [5, 5],
    [4, 5],
    [0, 5],
    [-20, 5],
    ["", 5],
    ["abc", 5],
    [Number.NaN, 5],
    [null, 5],
    [480, 480],
    [481, 480],
    ["9999", 480],
    [37.4, 37],
  ])("%j -> %i", (typed, minutes) => {
    expect(clampDuration(typed)).toBe(minutes);
  });
});

describe("Distribute Across Days (spec section 9)", () => {
  it("puts high priority on day 0 or 1, medium on days 1 to 3, low on days 2 to 5, by the suggestion's place", () => {
    expect(Array.from({ length: 6 }, (_, index) => distributionDayOffset("high", index))).toEqual([0, 1, 0, 1, 0, 1]);
    expect(Array.from({ length: 6 }, (_, index) => distributionDayOffset("medium", index))).toEqual([1, 2, 3, 1, 2, 3]);
    expect(Array.from({ length: 6 }, (_, index) => distributionDayOffset("low", index))).toEqual([2, 3, 4, 5, 2, 3]);
  });

  it("gives dates from today, across a month's end, always among the schedule's choices", () => {
    expect(distributionDate("low", 3, "2026-01-29")).toBe("2026-02-03");
    const choices = scheduleDays("2026-01-29");
    expect(choices).toEqual(["2026-01-29", "2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02", "2026-02-03", "2026-02-04"]);
    for (const priority of ["high", "medium", "low"] as const) {
      for (let index = 0; index < 10; index++) expect(choices).toContain(distributionDate(priority, index, "2026-01-29"));
    }
  });
});

describe("parseSuggestions", () => {
  const item = { title: "Draft the outline", description: "Three sections", estimatedDuration: 45, priority: "high" };

  it("reads a bare list, an object holding one, a fenced block and a list inside prose", () => {
    expect(parseSuggestions(JSON.stringify([item]))).toEqual([item]);
    expect(parseSuggestions(JSON.stringify({ tasks: [item] }))).toEqual([item]);
    expect(parseSuggestions(`Sure!\n\`\`\`json\n${JSON.stringify([item])}\n\`\`\`\nDone.`)).toEqual([item]);
    expect(parseSuggestions(`Here: ${JSON.stringify([item])} — enjoy`)).toEqual([item]);
  });

  it("normalises each item: trimmed title, durations clamped (30 when missing), unknown priority medium, untitled dropped, at most 10", () => {
    const list = [
      { title: "  Padded  ", estimatedDuration: "600", priority: "Urgent" },
      { title: "No duration", priority: "LOW" },
      { title: "   " },
      "not an object",
      ...Array.from({ length: 12 }, (_, index) => ({ title: `Extra ${index}`, estimatedDuration: 15, priority: "low" })),
    ];
    const suggestions = parseSuggestions(JSON.stringify(list))!;
    expect(suggestions).toHaveLength(10);
    expect(suggestions[0]).toEqual({ title: "Padded", description: "", estimatedDuration: 480, priority: "medium" });
    expect(suggestions[1]).toEqual({ title: "No duration", description: "", estimatedDuration: 30, priority: "low" });
    expect(suggestions[2]!.title).toBe("Extra 0");
  });

  it("answers null when the text holds no list of titled tasks (the dialog then shows the placeholder)", () => {
    for (const text of [
      "",
      "Start with a plan, then buy shoes.",
      "[]",
      '{"tasks": []}',
      '[{"name": "no title"}]',
      "```json\n{not json\n```",
    ]) {
      expect(parseSuggestions(text), text).toBeNull();
    }
    expect(PLACEHOLDER_TITLE).toBe("AI Response (manual parsing needed)");
  });
});
