import { describe, expect, it } from "vitest";
import { formatElapsed, fullDateLabel, futureDateLabel, futureGroupHeading, shortDateLabel } from "./day-labels.ts";

describe("day labels", () => {
  it("names the board's day short and in full", () => {
    expect(shortDateLabel("2026-11-23")).toBe("Mon, Nov 23");
    expect(fullDateLabel("2026-11-23")).toBe("Monday, November 23, 2026");
  });

  it("heads a Future Tasks group with weekday and month day, marking past days overdue", () => {
    expect(futureGroupHeading("2026-11-24", "2026-11-23")).toBe("Tuesday, November 24");
    expect(futureGroupHeading("2026-11-20", "2026-11-23")).toBe("Friday, November 20 (Overdue)");
  });

  it.each([
    [null, "Unscheduled"],
    ["2026-11-23", "Today"],
    ["2026-11-24", "Tomorrow"],
    ["2026-11-25", "Wednesday"],
    ["2026-11-29", "Sunday"],
    ["2026-11-30", "Nov 30"],
    ["2026-11-20", "Nov 20"],
  ])("labels a Future Tasks card dated %s as %s", (day, label) => {
    expect(futureDateLabel(day, "2026-11-23")).toBe(label);
  });

  it("shows a running session as m:ss, then h:mm:ss", () => {
    expect(formatElapsed(0)).toBe("0:00");
    expect(formatElapsed(65_000)).toBe("1:05");
    expect(formatElapsed(3_600_000 + 61_000)).toBe("1:01:01");
    expect(formatElapsed(-5)).toBe("0:00");
  });
});
