import { describe, expect, it } from "vitest";
import { autoRolloverInstant, dueAutoRolloverDays, isAutoRolloverOn, nextAutoRollover } from "./auto-rollover.ts";

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;
const shift = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE);

describe("autoRolloverInstant", () => {
  it("is the time on that day in the zone, on either side of UTC", () => {
    expect(autoRolloverInstant("2026-05-04", "23:30", "UTC")).toEqual(at("2026-05-04T23:30:00.000Z"));
    expect(autoRolloverInstant("2026-05-04", "23:30", "Pacific/Kiritimati")).toEqual(at("2026-05-04T09:30:00.000Z"));
    expect(autoRolloverInstant("2026-05-04", "23:30", "Pacific/Pago_Pago")).toEqual(at("2026-05-05T10:30:00.000Z"));
    expect(autoRolloverInstant("2026-05-04", "23:30", "Asia/Kolkata")).toEqual(at("2026-05-04T18:00:00.000Z"));
    expect(autoRolloverInstant("2026-05-04", "23:30", "Europe/London")).toEqual(at("2026-05-04T22:30:00.000Z"));
    expect(autoRolloverInstant("2026-01-04", "23:30", "Europe/London")).toEqual(at("2026-01-04T23:30:00.000Z"));
    expect(autoRolloverInstant("2026-01-04", "00:00", "America/New_York")).toEqual(at("2026-01-04T05:00:00.000Z"));
  });

  it("runs a time skipped by spring-forward at the first instant after the gap", () => {
    // New York, 2026-03-08: 02:00 EST jumps to 03:00 EDT (07:00Z).
    expect(autoRolloverInstant("2026-03-08", "02:30", "America/New_York")).toEqual(at("2026-03-08T07:00:00.000Z"));
    expect(autoRolloverInstant("2026-03-08", "02:00", "America/New_York")).toEqual(at("2026-03-08T07:00:00.000Z"));
    expect(autoRolloverInstant("2026-03-08", "03:00", "America/New_York")).toEqual(at("2026-03-08T07:00:00.000Z"));
    expect(autoRolloverInstant("2026-03-08", "01:59", "America/New_York")).toEqual(at("2026-03-08T06:59:00.000Z"));
    expect(autoRolloverInstant("2026-03-08", "03:01", "America/New_York")).toEqual(at("2026-03-08T07:01:00.000Z"));
    // London, 2026-03-29: 01:00 GMT jumps to 02:00 BST (01:00Z).
    expect(autoRolloverInstant("2026-03-29", "01:30", "Europe/London")).toEqual(at("2026-03-29T01:00:00.000Z"));
  });

  it("runs a time that occurs twice on a fall-back night at its first occurrence", () => {
    // New York, 2026-11-01: 01:30 EDT (05:30Z) and again 01:30 EST (06:30Z).
    expect(autoRolloverInstant("2026-11-01", "01:30", "America/New_York")).toEqual(at("2026-11-01T05:30:00.000Z"));
    // London, 2026-10-25: 01:30 BST (00:30Z) and again 01:30 GMT (01:30Z).
    expect(autoRolloverInstant("2026-10-25", "01:30", "Europe/London")).toEqual(at("2026-10-25T00:30:00.000Z"));
    expect(autoRolloverInstant("2026-11-01", "23:30", "America/New_York")).toEqual(at("2026-11-02T04:30:00.000Z"));
  });

  it("reads an unknown zone as UTC and refuses a bad day or time", () => {
    expect(autoRolloverInstant("2026-05-04", "10:00", "Mars/Olympus")).toEqual(at("2026-05-04T10:00:00.000Z"));
    expect(() => autoRolloverInstant("2026-02-30", "10:00", "UTC")).toThrow(RangeError);
    expect(() => autoRolloverInstant("2026-05-04", "24:00", "UTC")).toThrow(RangeError);
  });
});

describe("nextAutoRollover", () => {
  it("is today's time while it is ahead, else tomorrow's", () => {
    const due = at("2026-05-04T23:30:00.000Z");
    expect(nextAutoRollover("23:30", "UTC", shift(due, -1))).toEqual({ day: "2026-05-04", at: due });
    expect(nextAutoRollover("23:30", "UTC", due)).toEqual({ day: "2026-05-05", at: at("2026-05-05T23:30:00.000Z") });
  });

  it("schedules a fall-back night's repeated time once: after its first occurrence, the next day", () => {
    const first = at("2026-11-01T05:30:00.000Z");
    expect(nextAutoRollover("01:30", "America/New_York", shift(first, -1))).toEqual({ day: "2026-11-01", at: first });
    expect(nextAutoRollover("01:30", "America/New_York", first)).toEqual({ day: "2026-11-02", at: at("2026-11-02T06:30:00.000Z") });
    // At the second 01:30 (EST) the day's rollover is already behind.
    expect(nextAutoRollover("01:30", "America/New_York", at("2026-11-01T06:30:00.000Z")).day).toBe("2026-11-02");
  });

  it("crosses the spring-forward night to the first instant after the gap", () => {
    expect(nextAutoRollover("02:30", "America/New_York", at("2026-03-07T08:00:00.000Z"))).toEqual({
      day: "2026-03-08",
      at: at("2026-03-08T07:00:00.000Z"),
    });
  });

  it("works on the day line: Kiritimati's day starts 25 hours before Pago Pago's", () => {
    const now = at("2026-05-04T12:00:00.000Z"); // 02:00 on the 5th in Kiritimati, 01:00 on the 4th in Pago Pago
    expect(nextAutoRollover("23:30", "Pacific/Kiritimati", now)).toEqual({ day: "2026-05-05", at: at("2026-05-05T09:30:00.000Z") });
    expect(nextAutoRollover("23:30", "Pacific/Pago_Pago", now)).toEqual({ day: "2026-05-04", at: at("2026-05-05T10:30:00.000Z") });
  });
});

describe("dueAutoRolloverDays", () => {
  const settings = { autoRolloverTime: "23:30", maxRolloverDays: 7 };

  it("is empty the minute before the time and the day the minute after", () => {
    const due = at("2026-05-04T18:00:00.000Z"); // 23:30 in Kolkata
    expect(dueAutoRolloverDays("2026-05-04", settings, "Asia/Kolkata", shift(due, -1))).toEqual([]);
    expect(dueAutoRolloverDays("2026-05-04", settings, "Asia/Kolkata", due)).toEqual(["2026-05-04"]);
    expect(dueAutoRolloverDays("2026-05-04", settings, "Asia/Kolkata", shift(due, 1))).toEqual(["2026-05-04"]);
  });

  it("catches up on the days missed, oldest first, but none older than maxRolloverDays", () => {
    const now = at("2026-05-10T12:00:00.000Z"); // the 10th's 23:30 is still ahead
    expect(dueAutoRolloverDays("2026-05-07", settings, "UTC", now)).toEqual(["2026-05-07", "2026-05-08", "2026-05-09"]);
    expect(dueAutoRolloverDays("2026-04-01", { ...settings, maxRolloverDays: 2 }, "UTC", now)).toEqual(["2026-05-08", "2026-05-09"]);
    expect(dueAutoRolloverDays("2026-04-01", settings, "UTC", now)).toEqual([
      "2026-05-03",
      "2026-05-04",
      "2026-05-05",
      "2026-05-06",
      "2026-05-07",
      "2026-05-08",
      "2026-05-09",
    ]);
  });
});

describe("isAutoRolloverOn", () => {
  it("is on only when enabled and not waiting for the user's confirmation", () => {
    expect(isAutoRolloverOn({ autoRolloverEnabled: true, requireConfirmation: false })).toBe(true);
    expect(isAutoRolloverOn({ autoRolloverEnabled: true, requireConfirmation: true })).toBe(false);
    expect(isAutoRolloverOn({ autoRolloverEnabled: false, requireConfirmation: false })).toBe(false);
  });
});
