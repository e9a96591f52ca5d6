import { describe, expect, it } from "vitest";
import { formatDuration, formatTime12h, NO_TIME_SET } from "./format.ts";

describe("formatDuration", () => {
  it.each([
    [0, "0m"],
    [1, "1m"],
    [5, "5m"],
    [45, "45m"],
    [59, "59m"],
    [60, "1h 0m"],
    [61, "1h 1m"],
    [90, "1h 30m"],
    [119, "1h 59m"],
    [120, "2h 0m"],
    [135, "2h 15m"],
    [480, "8h 0m"],
    [1500, "25h 0m"],
  ])("%i minutes -> %s", (minutes, text) => expect(formatDuration(minutes)).toBe(text));

  it("rounds fractions and refuses nonsense gracefully", () => {
    expect(formatDuration(59.4)).toBe("59m");
    expect(formatDuration(59.5)).toBe("1h 0m");
    expect(formatDuration(-5)).toBe("0m");
    expect(formatDuration(Number.NaN)).toBe("0m");
  });
});

describe("formatTime12h", () => {
  it.each([
    ["00:00", "12:00 AM"],
    ["00:01", "12:01 AM"],
    ["00:59", "12:59 AM"],
    ["01:00", "1:00 AM"],
    ["09:05", "9:05 AM"],
    ["11:59", "11:59 AM"],
    ["12:00", "12:00 PM"],
    ["12:59", "12:59 PM"],
    ["13:00", "1:00 PM"],
    ["18:30", "6:30 PM"],
    ["23:59", "11:59 PM"],
  ])("%s -> %s", (time, text) => expect(formatTime12h(time)).toBe(text));

  it("reads 'No time set' when empty", () => {
    expect(NO_TIME_SET).toBe("No time set");
    expect(formatTime12h(null)).toBe("No time set");
    expect(formatTime12h(undefined)).toBe("No time set");
    expect(formatTime12h("")).toBe("No time set");
  });

  it("shows text that is not a time unchanged", () => {
    expect(formatTime12h("24:00")).toBe("24:00");
  });
});
