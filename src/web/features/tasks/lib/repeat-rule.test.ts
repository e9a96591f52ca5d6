import { describe, expect, it } from "vitest";
import { describeRecurrence } from "../../../../shared/rules/recurrence-words.ts";
import { buildCustomRule, checkCustomRepeat, presetRule, readCustomRepeat, repeatChoiceOf, repeatOptions } from "./repeat-rule.ts";

// Tuesday 1 December 2026.
const DATE = "2026-12-01";

describe("repeat rules", () => {
  it("names the task's day in the weekly and monthly options", () => {
    expect(repeatOptions(DATE).map((option) => option.label)).toEqual([
      "Does not repeat",
      "Every day",
      "Every weekday",
      "Every week on Tuesday",
      "Every month on the 1st",
      "Custom...",
    ]);
  });

  it.each([
    ["daily", "FREQ=DAILY"],
    ["weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
    ["weekly", "FREQ=WEEKLY;BYDAY=TU"],
    ["monthly", "FREQ=MONTHLY;BYMONTHDAY=1"],
  ] as const)("builds %s and reads it back", (choice, rule) => {
    expect(presetRule(choice, DATE)).toBe(rule);
    expect(repeatChoiceOf(rule, DATE)).toBe(choice);
  });

  it("reads a rule that is no preset as custom, and none as none", () => {
    expect(repeatChoiceOf(null, DATE)).toBe("none");
    expect(repeatChoiceOf("FREQ=DAILY;INTERVAL=2", DATE)).toBe("custom");
    expect(repeatChoiceOf("FREQ=WEEKLY;BYDAY=MO", DATE)).toBe("custom"); // not the task's day
    expect(repeatChoiceOf("BYDAY=TU;FREQ=WEEKLY", DATE)).toBe("weekly"); // order does not matter
  });

  it.each([
    "FREQ=DAILY;INTERVAL=2",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH",
    "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=10",
    "FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20270601",
    "FREQ=DAILY;COUNT=3",
  ])("round-trips %s through the custom editor", (rule) => {
    expect(buildCustomRule(readCustomRepeat(rule, DATE), DATE)).toBe(rule);
  });

  it("starts the custom editor on the task's weekday and builds rules the card can word", () => {
    const custom = readCustomRepeat(null, DATE);
    expect(custom).toEqual({ frequency: "WEEKLY", interval: 1, weekdays: ["TU"], end: { kind: "never" } });
    const rule = buildCustomRule({ ...custom, interval: 2, weekdays: ["TH", "MO"] }, DATE);
    expect(rule).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH");
    expect(describeRecurrence(rule)).toBe("Every 2 weeks on Monday and Thursday");
    expect(buildCustomRule({ ...custom, weekdays: [] }, DATE)).toBe("FREQ=WEEKLY;BYDAY=TU");
    expect(buildCustomRule({ frequency: "MONTHLY", interval: 1, weekdays: [], end: { kind: "count", count: 6 } }, "2026-12-31")).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=31;COUNT=6",
    );
  });

  it("says what the custom editor can not save", () => {
    const custom = readCustomRepeat("FREQ=DAILY", DATE);
    expect(checkCustomRepeat(custom, DATE)).toBeNull();
    expect(checkCustomRepeat({ ...custom, interval: 0 }, DATE)).toBe("Repeat every 1 to 99.");
    expect(checkCustomRepeat({ ...custom, end: { kind: "count", count: 0 } }, DATE)).toBe("End after 1 to 999 times.");
    expect(checkCustomRepeat({ ...custom, end: { kind: "until", date: "2026-11-30" } }, DATE)).toBe(
      "The end date must be on or after the task's date.",
    );
    expect(checkCustomRepeat({ ...custom, end: { kind: "until", date: "" } }, DATE)).not.toBeNull();
  });
});
