import { afterEach, describe, expect, it } from "vitest";
import { addDays, todayInZone } from "./dates.ts";
import { describeRecurrence, nextOccurrence, occurrencesBetween, occursOn, validateRecurrence } from "./recurrence.ts";

const ZONES = ["UTC", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Pacific/Chatham"];
const processZone = process.env.TZ;

afterEach(() => {
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
});

describe("validateRecurrence", () => {
  it.each(["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=DAILY;INTERVAL=2", "FREQ=DAILY;COUNT=5"])(
    "accepts %s",
    (rule) => expect(validateRecurrence(rule, "2026-11-23")).toBeNull(),
  );

  it("accepts UNTIL and one time of day", () => {
    expect(validateRecurrence("FREQ=WEEKLY;UNTIL=20270101T000000Z", "2026-11-23")).toBeNull();
    expect(validateRecurrence("FREQ=DAILY;BYHOUR=9", "2026-11-23")).toBeNull();
  });

  it.each([
    ["FREQ=HOURLY", "more often than daily"],
    ["FREQ=MINUTELY", "more often than daily"],
    ["FREQ=SECONDLY", "more often than daily"],
    ["FREQ=DAILY;BYHOUR=9,17", "more than once a day"],
    ["FREQ=FORTNIGHTLY", "not a valid RRULE"],
    ["every day", "not a valid RRULE"],
    ["INTERVAL=2", "FREQ is required"],
    ["RRULE:FREQ=DAILY", "without the RRULE: prefix"],
    ["FREQ=DAILY;COUNT=2;UNTIL=20270101T000000Z", "both COUNT and UNTIL"],
    ["FREQ=DAILY;UNTIL=20200101T000000Z", "never occurs"],
  ])("refuses %s", (rule, message) => {
    expect(validateRecurrence(rule, "2026-11-23")).toContain(message);
  });
});

describe.each(ZONES)("occurrences seen from %s", (zone) => {
  it("a daily series occurs once on every day across the DST changes, in any process zone", () => {
    process.env.TZ = zone;
    const days = occurrencesBetween("FREQ=DAILY", "2026-03-01", "2026-03-01", "2026-11-30");
    expect(days).toHaveLength(275);
    expect(new Set(days).size).toBe(days.length);
    expect(days).toContain("2026-03-08");
    expect(days).toContain("2026-03-29");
    expect(days).toContain("2026-10-04");
    expect(days).toContain("2026-11-01");
  });

  it("the user's today across a DST change reads the occurrence of that calendar day", () => {
    process.env.TZ = zone;
    for (const instant of ["2026-03-08T06:30:00Z", "2026-03-29T00:30:00Z", "2026-10-04T13:30:00Z", "2026-11-01T05:30:00Z"]) {
      const today = todayInZone(new Date(instant), zone);
      expect(occursOn("FREQ=DAILY", "2026-01-01", today)).toBe(true);
      expect(occurrencesBetween("FREQ=DAILY", "2026-01-01", today, today)).toEqual([today]);
      expect(nextOccurrence("FREQ=DAILY", "2026-01-01", today)).toBe(addDays(today, 1));
    }
  });

  it("month ends: the 31st only in months that have one, February 29th in leap years", () => {
    process.env.TZ = zone;
    expect(occurrencesBetween("FREQ=MONTHLY;BYMONTHDAY=31", "2026-01-31", "2026-01-01", "2026-12-31")).toEqual([
      "2026-01-31",
      "2026-03-31",
      "2026-05-31",
      "2026-07-31",
      "2026-08-31",
      "2026-10-31",
      "2026-12-31",
    ]);
    expect(occurrencesBetween("FREQ=MONTHLY;BYMONTHDAY=-1", "2028-01-31", "2028-01-01", "2028-03-31")).toEqual([
      "2028-01-31",
      "2028-02-29",
      "2028-03-31",
    ]);
    expect(occurrencesBetween("FREQ=YEARLY", "2024-02-29", "2024-01-01", "2032-12-31")).toEqual(["2024-02-29", "2028-02-29", "2032-02-29"]);
    expect(nextOccurrence("FREQ=DAILY", "2028-02-27", "2028-02-28")).toBe("2028-02-29");
  });

  it("weekly on given days, every other week, and a count", () => {
    process.env.TZ = zone;
    // 2026-11-23 is a Monday.
    expect(occurrencesBetween("FREQ=WEEKLY;BYDAY=MO,WE,FR", "2026-11-23", "2026-11-23", "2026-11-30")).toEqual([
      "2026-11-23",
      "2026-11-25",
      "2026-11-27",
      "2026-11-30",
    ]);
    expect(occurrencesBetween("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "2026-11-23", "2026-11-23", "2026-12-13")).toEqual([
      "2026-11-23",
      "2026-11-26",
      "2026-12-07",
      "2026-12-10",
    ]);
    expect(occurrencesBetween("FREQ=DAILY;COUNT=3", "2026-11-23", "2026-11-01", "2026-12-31")).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
    ]);
    expect(nextOccurrence("FREQ=DAILY;COUNT=3", "2026-11-23", "2026-11-25")).toBeNull();
    expect(occursOn("FREQ=DAILY", "2026-11-23", "2026-11-22")).toBe(false);
  });
});

describe("describeRecurrence", () => {
  it.each([
    ["FREQ=DAILY", "Every day"],
    ["FREQ=DAILY;INTERVAL=2", "Every 2 days"],
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "Every weekday"],
    ["FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "Every weekday"],
    ["FREQ=WEEKLY;BYDAY=MO", "Every week on Monday"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "Every 2 weeks on Monday and Thursday"],
    ["FREQ=WEEKLY;BYDAY=MO,WE,FR", "Every week on Monday, Wednesday and Friday"],
    ["FREQ=MONTHLY;BYMONTHDAY=1", "Every month on the 1st"],
    ["FREQ=MONTHLY;BYMONTHDAY=22", "Every month on the 22nd"],
    ["FREQ=MONTHLY;BYMONTHDAY=-1", "Every month on the last day"],
    ["FREQ=MONTHLY;BYDAY=2TU", "Every month on the 2nd Tuesday"],
    ["FREQ=YEARLY", "Every year"],
    ["FREQ=DAILY;COUNT=5", "Every day, 5 times"],
    ["FREQ=WEEKLY;UNTIL=20261231T000000Z", "Every week, until 2026-12-31"],
    ["FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "Custom repeat"],
  ])("%s reads %s", (rule, words) => {
    expect(describeRecurrence(rule)).toBe(words);
  });
});
