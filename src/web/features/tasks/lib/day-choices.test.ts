import { describe, expect, it } from "vitest";
import { dayChoices, nextWeekDay } from "./day-choices.ts";

describe("dayChoices", () => {
  it("offers today, tomorrow, next week's Monday and no date", () => {
    // 2026-12-05 is a Saturday.
    expect(dayChoices("2026-12-05")).toEqual([
      { label: "Today", date: "2026-12-05" },
      { label: "Tomorrow", date: "2026-12-06" },
      { label: "Next week", date: "2026-12-07" },
      { label: "No date", date: null },
    ]);
  });

  it("reads next week from a Monday as the Monday seven days on", () => {
    expect(nextWeekDay("2026-12-07")).toBe("2026-12-14");
    expect(nextWeekDay("2026-12-13")).toBe("2026-12-14");
  });
});
