import { describe, expect, it, vi } from "vitest";
import {
  addDays,
  dayInZone,
  daysBetween,
  isCalendarDate,
  isKnownTimeZone,
  isTimeOfDay,
  startOfDayInZone,
  timeOfDayInZone,
  todayInZone,
  zonedDateTime,
} from "./dates.ts";

describe("isCalendarDate", () => {
  it.each(["2026-01-01", "2026-12-31", "2026-02-28", "2024-02-29", "2000-02-29", "2026-04-30", "1000-01-01", "9999-12-31"])(
    "accepts %s",
    (value) => expect(isCalendarDate(value)).toBe(true),
  );

  it.each([
    "2026-02-29", // not a leap year
    "1900-02-29", // century, not a leap year
    "2026-02-30",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "2026-01-32",
    "0999-12-31",
    "2026-1-01",
    "2026/01/01",
    "20260101",
    "2026-01-01T00:00:00Z",
    " 2026-01-01",
    "",
  ])("refuses %j", (value) => expect(isCalendarDate(value)).toBe(false));
});

describe("isTimeOfDay", () => {
  it.each(["00:00", "00:59", "09:05", "12:00", "19:59", "23:59"])("accepts %s", (value) => expect(isTimeOfDay(value)).toBe(true));
  it.each(["24:00", "23:60", "9:05", "09:5", "-1:00", "12:00:00", "noon", ""])("refuses %j", (value) =>
    expect(isTimeOfDay(value)).toBe(false),
  );
});

describe("isKnownTimeZone", () => {
  it("knows IANA zones and refuses made-up ones", () => {
    expect(isKnownTimeZone("Europe/Paris")).toBe(true);
    expect(isKnownTimeZone("UTC")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isKnownTimeZone("")).toBe(false);
    expect(isKnownTimeZone("Etc/GMT+5")).toBe(true);
    expect(isKnownTimeZone("America/Port-au-Prince")).toBe(true);
  });

  it("never asks the zone database about a name too long or not shaped like an IANA name, nor keeps one it does not know", () => {
    const lookUp = vi.spyOn(Intl, "DateTimeFormat");
    try {
      for (let index = 0; index < 200; index++) expect(isKnownTimeZone(`${index}${"A".repeat(250_000)}`)).toBe(false);
      expect(isKnownTimeZone("Europe/Paris; drop")).toBe(false);
      expect(lookUp).not.toHaveBeenCalled();
      // A well-shaped unknown name is looked up each time: nothing of it is kept.
      expect(isKnownTimeZone("Mars/Tharsis")).toBe(false);
      expect(isKnownTimeZone("Mars/Tharsis")).toBe(false);
      expect(lookUp).toHaveBeenCalledTimes(2);
    } finally {
      lookUp.mockRestore();
    }
  });
});

describe("todayInZone around midnight", () => {
  it("changes day exactly at local midnight in New York (UTC-5 in winter)", () => {
    expect(todayInZone(new Date("2026-01-15T04:59:59.999Z"), "America/New_York")).toBe("2026-01-14");
    expect(todayInZone(new Date("2026-01-15T05:00:00.000Z"), "America/New_York")).toBe("2026-01-15");
  });

  it("changes day exactly at local midnight in Paris (UTC+1 in winter, UTC+2 in summer)", () => {
    expect(todayInZone(new Date("2026-01-14T22:59:59.999Z"), "Europe/Paris")).toBe("2026-01-14");
    expect(todayInZone(new Date("2026-01-14T23:00:00.000Z"), "Europe/Paris")).toBe("2026-01-15");
    expect(todayInZone(new Date("2026-07-14T21:59:59.999Z"), "Europe/Paris")).toBe("2026-07-14");
    expect(todayInZone(new Date("2026-07-14T22:00:00.000Z"), "Europe/Paris")).toBe("2026-07-15");
  });

  it("gives different days for the same instant in different zones", () => {
    const instant = new Date("2026-06-01T02:00:00Z");
    expect(todayInZone(instant, "UTC")).toBe("2026-06-01");
    expect(todayInZone(instant, "America/Los_Angeles")).toBe("2026-05-31");
    expect(todayInZone(instant, "Asia/Tokyo")).toBe("2026-06-01");
    expect(todayInZone(new Date("2026-05-31T15:00:00Z"), "Asia/Tokyo")).toBe("2026-06-01");
    expect(todayInZone(new Date("2026-05-31T14:59:59Z"), "Asia/Tokyo")).toBe("2026-05-31");
  });

  it("keeps New Year's Eve on its year until local midnight", () => {
    expect(todayInZone(new Date("2027-01-01T04:59:59Z"), "America/New_York")).toBe("2026-12-31");
    expect(todayInZone(new Date("2027-01-01T05:00:00Z"), "America/New_York")).toBe("2027-01-01");
  });

  it("reads an unknown zone as UTC rather than failing", () => {
    expect(todayInZone(new Date("2026-01-15T23:30:00Z"), "Not/AZone")).toBe("2026-01-15");
  });
});

describe("todayInZone across DST changes", () => {
  it("New York spring forward (2026-03-08): midnights on both sides are right", () => {
    // Before the change New York is UTC-5; after 02:00 local it is UTC-4.
    expect(todayInZone(new Date("2026-03-08T04:59:59Z"), "America/New_York")).toBe("2026-03-07");
    expect(todayInZone(new Date("2026-03-08T05:00:00Z"), "America/New_York")).toBe("2026-03-08");
    expect(todayInZone(new Date("2026-03-09T03:59:59Z"), "America/New_York")).toBe("2026-03-08");
    expect(todayInZone(new Date("2026-03-09T04:00:00Z"), "America/New_York")).toBe("2026-03-09");
  });

  it("New York fall back (2026-11-01): the 25-hour day ends at the right instant", () => {
    expect(todayInZone(new Date("2026-11-01T03:59:59Z"), "America/New_York")).toBe("2026-10-31");
    expect(todayInZone(new Date("2026-11-01T04:00:00Z"), "America/New_York")).toBe("2026-11-01");
    expect(todayInZone(new Date("2026-11-02T04:59:59Z"), "America/New_York")).toBe("2026-11-01");
    expect(todayInZone(new Date("2026-11-02T05:00:00Z"), "America/New_York")).toBe("2026-11-02");
  });

  it("Paris spring forward (2026-03-29) and fall back (2026-10-25)", () => {
    expect(todayInZone(new Date("2026-03-28T22:59:59Z"), "Europe/Paris")).toBe("2026-03-28");
    expect(todayInZone(new Date("2026-03-28T23:00:00Z"), "Europe/Paris")).toBe("2026-03-29");
    expect(todayInZone(new Date("2026-03-29T21:59:59Z"), "Europe/Paris")).toBe("2026-03-29");
    expect(todayInZone(new Date("2026-03-29T22:00:00Z"), "Europe/Paris")).toBe("2026-03-30");
    expect(todayInZone(new Date("2026-10-24T21:59:59Z"), "Europe/Paris")).toBe("2026-10-24");
    expect(todayInZone(new Date("2026-10-24T22:00:00Z"), "Europe/Paris")).toBe("2026-10-25");
    expect(todayInZone(new Date("2026-10-25T22:59:59Z"), "Europe/Paris")).toBe("2026-10-25");
    expect(todayInZone(new Date("2026-10-25T23:00:00Z"), "Europe/Paris")).toBe("2026-10-26");
  });

  it("dayInZone accepts ISO strings", () => {
    expect(dayInZone("2026-03-08T04:59:59.000Z", "America/New_York")).toBe("2026-03-07");
  });
});

describe("timeOfDayInZone", () => {
  it("shows the wall clock on both sides of a DST change", () => {
    expect(timeOfDayInZone(new Date("2026-03-08T06:59:00Z"), "America/New_York")).toBe("01:59");
    expect(timeOfDayInZone(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toBe("03:00");
    expect(timeOfDayInZone(new Date("2026-01-01T00:00:00Z"), "UTC")).toBe("00:00");
  });
});

describe("addDays", () => {
  it("moves across month, year and leap-day boundaries", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-05-10", 0)).toBe("2026-05-10");
    expect(addDays("2026-01-01", 365)).toBe("2027-01-01");
  });

  it("is not moved by DST changes (days are calendar days, not 24-hour spans)", () => {
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-10-31", 1)).toBe("2026-11-01");
    expect(addDays("2026-11-01", 1)).toBe("2026-11-02");
    expect(addDays("2026-10-25", -1)).toBe("2026-10-24");
  });

  it("refuses a day that is not a calendar date", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
  });
});

describe("daysBetween", () => {
  it("counts calendar days, signed", () => {
    expect(daysBetween("2026-01-01", "2026-01-01")).toBe(0);
    expect(daysBetween("2026-01-01", "2026-01-02")).toBe(1);
    expect(daysBetween("2026-01-02", "2026-01-01")).toBe(-1);
    expect(daysBetween("2026-01-01", "2027-01-01")).toBe(365);
    expect(daysBetween("2024-01-01", "2025-01-01")).toBe(366);
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
  });
});

describe("zonedDateTime", () => {
  it("reads a wall-clock time in the zone as an instant", () => {
    expect(zonedDateTime("2026-01-15", "09:30", "America/New_York").toISOString()).toBe("2026-01-15T14:30:00.000Z");
    expect(zonedDateTime("2026-07-15", "09:30", "America/New_York").toISOString()).toBe("2026-07-15T13:30:00.000Z");
    expect(zonedDateTime("2026-07-15", "09:30", "Europe/Paris").toISOString()).toBe("2026-07-15T07:30:00.000Z");
    expect(zonedDateTime("2026-07-15", "23:59", "UTC").toISOString()).toBe("2026-07-15T23:59:00.000Z");
  });

  it("moves a time skipped by spring forward on by the gap", () => {
    // 02:30 does not exist in New York on 2026-03-08; it is read as 03:30 EDT.
    expect(zonedDateTime("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedDateTime("2026-03-08", "01:59", "America/New_York").toISOString()).toBe("2026-03-08T06:59:00.000Z");
    expect(zonedDateTime("2026-03-08", "03:00", "America/New_York").toISOString()).toBe("2026-03-08T07:00:00.000Z");
  });

  it("reads a time repeated by fall back as its first occurrence", () => {
    expect(zonedDateTime("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(zonedDateTime("2026-11-01", "02:30", "America/New_York").toISOString()).toBe("2026-11-01T07:30:00.000Z");
  });

  it("startOfDayInZone is local midnight", () => {
    expect(startOfDayInZone("2026-03-29", "Europe/Paris").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDayInZone("2026-03-30", "Europe/Paris").toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  it("refuses bad input", () => {
    expect(() => zonedDateTime("2026-02-30", "09:00", "UTC")).toThrow(RangeError);
    expect(() => zonedDateTime("2026-02-01", "24:00", "UTC")).toThrow(RangeError);
  });
});
