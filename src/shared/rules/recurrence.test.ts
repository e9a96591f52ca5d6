import fc from "fast-check";
import * as rruleModule from "rrule";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, todayInZone } from "./dates.ts";
import { describeRecurrence, nextOccurrence, occurrencesBetween, occursOn, validateRecurrence } from "./recurrence.ts";
import { readRecurrence } from "./recurrence-words.ts";

const { Frequency, RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

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

// rrule's plain iteration from the series' start, as the rules ran before they started from the day asked about.
function naive(rule: string, startDate: string) {
  const compiled = new RRule({
    ...RRule.parseString(rule),
    byhour: null,
    byminute: null,
    bysecond: null,
    dtstart: new Date(`${startDate}T00:00:00Z`),
    tzid: null,
  });
  const midnight = (day: string) => new Date(`${day}T00:00:00Z`);
  const days = (from: string, to: string) =>
    compiled.between(midnight(from), midnight(to), true).map((date) => date.toISOString().slice(0, 10));
  return { days, occursOn: (day: string) => days(day, day).length > 0 };
}

describe("a series' days cost the same for any day", () => {
  const nonZero = (min: number, max: number) => fc.integer({ min, max }).filter((value) => value !== 0);
  const list = (values: fc.Arbitrary<number | string>, maxLength = 3) =>
    fc.uniqueArray(values, { minLength: 1, maxLength }).map((items) => items.join(","));
  const weekday = fc.constantFrom("MO", "TU", "WE", "TH", "FR", "SA", "SU");
  const part = (name: string, value: fc.Arbitrary<string>) =>
    fc.option(
      value.map((text) => `${name}=${text}`),
      { nil: undefined, freq: 2 },
    );
  // Rules as validateRecurrence lets them through: BY* parts by FREQ, as RFC 5545 and its cost limits allow.
  const ruleArbitrary = fc.constantFrom("DAILY", "WEEKLY", "MONTHLY", "YEARLY").chain((freq) => {
    const yearly = freq === "YEARLY";
    const longer = freq === "MONTHLY" || yearly;
    return fc
      .tuple(
        part("INTERVAL", fc.integer({ min: 1, max: 5 }).map(String)),
        part(
          "BYDAY",
          list(
            longer
              ? fc.oneof(
                  weekday,
                  fc.tuple(nonZero(-5, 5), weekday).map(([n, day]) => `${n}${day}`),
                )
              : weekday,
          ),
        ),
        freq === "WEEKLY" ? fc.constant(undefined) : part("BYMONTHDAY", list(nonZero(-31, 31))),
        part("BYMONTH", list(fc.integer({ min: 1, max: 12 }))),
        yearly
          ? fc.option(fc.constantFrom("BYYEARDAY=1,100,-1", "BYYEARDAY=60", "BYWEEKNO=1,20,-1", "BYWEEKNO=53"), { nil: undefined })
          : fc.constant(undefined),
        longer ? part("BYSETPOS", list(nonZero(-3, 3), 2)) : fc.constant(undefined),
        part("WKST", weekday),
        fc.option(
          fc.oneof(
            fc.integer({ min: 1, max: 40 }).map((count) => `COUNT=${count}`),
            fc.constantFrom("UNTIL=20290615T000000Z", "UNTIL=20310101"),
          ),
          {
            nil: undefined,
            freq: 2,
          },
        ),
      )
      .map((parts) => [`FREQ=${freq}`, ...parts.filter((item) => item !== undefined)].join(";"))
      .filter((rule) => longer || !/INTERVAL=[2-5]/.test(rule) || !/BYMONTH/.test(rule));
  });
  const day = fc.integer({ min: 0, max: 5 * 365 }).map((offset) => addDays("2026-01-01", offset));

  it("answers as rrule's plain iteration from the series' start", () => {
    fc.assert(
      fc.property(ruleArbitrary, day, day, fc.integer({ min: 0, max: 60 }), (rule, start, asked, span) => {
        // rrule's plain walk goes on to year 9999 when no day comes: only rules that have one are compared.
        fc.pre(validateRecurrence(rule, start) === null);
        const plain = naive(rule, start);
        expect(occursOn(rule, start, asked), "occursOn").toBe(asked >= start && plain.occursOn(asked));
        expect(occurrencesBetween(rule, start, asked, addDays(asked, span)), "occurrencesBetween").toEqual(
          addDays(asked, span) < start ? [] : plain.days(asked < start ? start : asked, addDays(asked, span)),
        );
        const horizon = addDays(asked, 3 * 366);
        const expected = plain.days(asked < start ? start : addDays(asked, 1), horizon)[0];
        const next = nextOccurrence(rule, start, asked);
        if (expected !== undefined) expect(next, "nextOccurrence").toBe(expected);
        else expect(next === null || next > horizon, "nextOccurrence").toBe(true);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it("reads a daily series started today on 9999-12-31, and finds its next day, in a few milliseconds", () => {
    const started = performance.now();
    expect(occursOn("FREQ=DAILY", "2026-12-05", "9999-12-31")).toBe(true);
    expect(occursOn("FREQ=WEEKLY;BYDAY=MO,FR", "2026-12-05", "9999-12-31")).toBe(true);
    expect(occursOn("FREQ=DAILY;INTERVAL=7", "2026-12-05", "9999-12-31")).toBe(false);
    expect(nextOccurrence("FREQ=DAILY", "2026-12-05", "9999-12-30")).toBe("9999-12-31");
    expect(occurrencesBetween("FREQ=MONTHLY;BYDAY=-1FR", "2026-12-05", "9999-01-01", "9999-12-31")).toHaveLength(12);
    expect(occursOn("FREQ=DAILY;COUNT=999", "2026-12-05", "9999-12-31")).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("finds that a rule never occurs without walking to year 9999", () => {
    const started = performance.now();
    for (const rule of [
      "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
      "FREQ=MONTHLY;BYMONTH=4;BYMONTHDAY=31",
      "FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6",
      "FREQ=MONTHLY;INTERVAL=5;BYDAY=MO;BYSETPOS=6",
    ]) {
      expect(validateRecurrence(rule, "2026-12-05"), rule).toContain("never occurs");
    }
    expect(nextOccurrence("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29", "2026-12-05", "2096-03-01")).toBe("2104-02-29");
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("works at the ends of the calendar", () => {
    expect(validateRecurrence("FREQ=DAILY", "1000-01-01")).toBeNull();
    expect(nextOccurrence("FREQ=DAILY", "1000-01-01", "0999-12-31")).toBe("1000-01-01");
    expect(nextOccurrence("FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", "1000-01-01", "1000-01-04")).toBe("1000-01-17");
    expect(occursOn("FREQ=WEEKLY;WKST=SU;INTERVAL=2;BYDAY=FR", "1000-01-01", "1000-01-17")).toBe(true);
    expect(validateRecurrence("FREQ=DAILY", "9999-12-31")).toBeNull();
    expect(nextOccurrence("FREQ=DAILY", "9999-12-30", "9999-12-31")).toBeNull();
    expect(occurrencesBetween("FREQ=DAILY", "9999-12-30", "9999-12-30", "9999-12-31")).toEqual(["9999-12-30", "9999-12-31"]);
  });

  it.each([
    ["FREQ=DAILY;COUNT=1000", "COUNT above 999"],
    ["FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY must not be 0"],
    ["FREQ=YEARLY;BYEASTER=0", "BYEASTER"],
    ["FREQ=MONTHLY;BYSETPOS=400", "not a valid RRULE"],
    ["FREQ=DAILY;BYSETPOS=1", "BYSETPOS unless FREQ is MONTHLY or YEARLY"],
    ["FREQ=WEEKLY;INTERVAL=2;BYMONTH=3", "INTERVAL with BYMONTH"],
    ["FREQ=MONTHLY;BYWEEKNO=20", "BYWEEKNO unless FREQ is YEARLY"],
  ])("refuses %s", (rule, message) => {
    expect(validateRecurrence(rule, "2026-11-23")).toContain(message);
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

describe("readRecurrence", () => {
  const asList = (value: unknown) => (value == null ? [] : Array.isArray(value) ? value : [value]);
  const asNumber = (value: unknown) => (typeof value === "number" ? value : Number.NaN);
  it.each([
    "FREQ=DAILY",
    "RRULE:FREQ=DAILY;INTERVAL=2",
    "FREQ=weekly;BYDAY=MO,TH",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;COUNT=10",
    "FREQ=MONTHLY;BYMONTHDAY=1,-1;UNTIL=20270601",
    "FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20261231T000000Z",
    "FREQ=MONTHLY;BYDAY=2TU",
    "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
    "FREQ=DAILY;INTERVAL=2x;COUNT=+3",
  ])("reads %s as rrule's parseString does", (rule) => {
    const parts = readRecurrence(rule);
    const options = RRule.parseString(rule);
    expect(parts.freq && Frequency[parts.freq as keyof typeof Frequency]).toBe(options.freq);
    expect(parts.interval).toEqual(options.interval === undefined ? 1 : asNumber(options.interval));
    expect(parts.byDay.map((day) => (/^\d/.test(day) ? `+${day}` : day))).toEqual(asList(options.byweekday).map(String));
    expect(parts.byMonthDay).toEqual(asList(options.bymonthday));
    expect(parts.count).toEqual(options.count === undefined ? undefined : asNumber(options.count));
    expect(parts.until).toBe(options.until?.toISOString().slice(0, 10));
  });
});
