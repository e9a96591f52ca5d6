import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { PROCRASTINATION_THRESHOLD_MINUTES, procrastinationNotification, shouldRemindProcrastination } from "./procrastination.ts";

const timeZone = "Europe/Paris";
const today = "2026-11-24";
// 09:00 in Paris (UTC+1 in November).
const SCHEDULED = new Date("2026-11-24T08:00:00.000Z");

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(SCHEDULED);
});
afterEach(() => vi.useRealTimers());

const context = () => ({ now: Date.now(), today, timeZone });

describe("shouldRemindProcrastination", () => {
  const task = makeTask({ status: "todo", date: today, scheduledStartTime: "09:00" });

  it("reminds only once the start passed more than the threshold (60 minutes) ago", () => {
    expect(PROCRASTINATION_THRESHOLD_MINUTES).toBe(60);
    vi.advanceTimersByTime(60 * 60_000);
    expect(shouldRemindProcrastination(task, null, context())).toBe(false);
    vi.advanceTimersByTime(59_999);
    expect(shouldRemindProcrastination(task, null, context())).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shouldRemindProcrastination(task, null, context())).toBe(true);
    vi.advanceTimersByTime(10 * 60 * 60_000);
    expect(shouldRemindProcrastination(task, null, context())).toBe(true);
  });

  it("reminds at most once per task per day, in the user's zone", () => {
    vi.setSystemTime(new Date("2026-11-24T12:00:00.000Z"));
    // 08:30 in Paris today: already reminded today.
    expect(shouldRemindProcrastination(task, Date.parse("2026-11-24T07:30:00.000Z"), context())).toBe(false);
    // 23:30 in Paris yesterday (22:30 UTC): another day.
    expect(shouldRemindProcrastination(task, Date.parse("2026-11-23T22:30:00.000Z"), context())).toBe(true);
    // 00:30 in Paris today (23:30 UTC yesterday): today.
    expect(shouldRemindProcrastination(task, Date.parse("2026-11-23T23:30:00.000Z"), context())).toBe(false);
  });

  it("is only for to-do tasks of today with a scheduled time", () => {
    vi.setSystemTime(new Date("2026-11-24T12:00:00.000Z"));
    expect(shouldRemindProcrastination({ ...task, status: "inprogress" }, null, context())).toBe(false);
    expect(shouldRemindProcrastination({ ...task, status: "done" }, null, context())).toBe(false);
    expect(shouldRemindProcrastination({ ...task, status: "stalled" }, null, context())).toBe(false);
    expect(shouldRemindProcrastination({ ...task, date: "2026-11-23" }, null, context())).toBe(false);
    expect(shouldRemindProcrastination({ ...task, date: null }, null, context())).toBe(false);
    expect(shouldRemindProcrastination({ ...task, scheduledStartTime: null }, null, context())).toBe(false);
  });

  it("says 'Gentle Reminder' with the time in 12-hour form", () => {
    expect(procrastinationNotification({ ...task, id: "t1", title: "Call Sam" }, today)).toMatchObject({
      title: "Gentle Reminder",
      body: '"\u2068Call Sam\u2069" was planned for 9:00 AM. A small start is still a start.',
      path: "/",
    });
  });
});
