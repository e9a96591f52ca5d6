import { describe, expect, it } from "vitest";
import { overridesCalendar, WORK_CALENDAR } from "../../test/ics-test-server.ts";
import { CalendarBusyError, parseIcsOffThread } from "./ics-parse-off-thread.ts";

const window = { from: new Date("2025-12-24T00:00:00Z"), to: new Date("2027-03-24T00:00:00Z"), timeZone: "Europe/Berlin" };
/** 6,000 series of one UID, 900 of their days moved: within every bound, seconds of ical.js's work. */
const slow = overridesCalendar(6000, 900);

describe("parseIcsOffThread", () => {
  it("ends a parse over its time, the main thread free all along, and parses the next calendar", async () => {
    let longestPause = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      longestPause = Math.max(longestPause, performance.now() - last);
      last = performance.now();
    }, 20);
    const started = performance.now();
    try {
      await expect(parseIcsOffThread(slow, window, { timeoutMs: 500 })).rejects.toThrow("The calendar took longer than 1 seconds to read");
    } finally {
      clearInterval(ticker);
    }
    // Generous for a busy machine: on the main thread the parse would block for all of its seconds.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(longestPause).toBeLessThan(1000);
    expect((await parseIcsOffThread(WORK_CALENDAR, window)).name).toBe("Work");
  });

  it("ends a parse over its memory with the reason", async () => {
    await expect(parseIcsOffThread(slow, window, { memoryMb: 16 })).rejects.toThrow("The calendar needs more than 16 MB to read");
  });

  it("bounds the wait for a turn like the parse: a third calendar behind two slow ones is refused as busy", async () => {
    const slowOnes = [parseIcsOffThread(slow, window, { timeoutMs: 1500 }), parseIcsOffThread(slow, window, { timeoutMs: 1500 })];
    const started = performance.now();
    await expect(parseIcsOffThread(WORK_CALENDAR, window, { timeoutMs: 300 })).rejects.toThrow(CalendarBusyError);
    expect(performance.now() - started).toBeLessThan(3000);
    await Promise.allSettled(slowOnes);
    expect((await parseIcsOffThread(WORK_CALENDAR, window)).events.length).toBeGreaterThan(0);
  });

  it("refuses a calendar over a bound with the parse's own reason", async () => {
    await expect(parseIcsOffThread("BEGIN:VCARD\r\nEND:VCARD", window)).rejects.toThrow("no VCALENDAR");
  });
});
