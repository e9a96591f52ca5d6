import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { COMPLETION_CLOCK_SKEW_MS, COMPLETION_WINDOW_MS, completionNotification, shouldCelebrateCompletion } from "./task-completed.ts";

const COMPLETED_AT = new Date("2026-11-24T10:00:00.000Z");

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(COMPLETED_AT);
});
afterEach(() => vi.useRealTimers());

describe("shouldCelebrateCompletion", () => {
  const done = makeTask({ status: "done", completedAt: COMPLETED_AT.toISOString() });

  it("celebrates a completion up to 5 seconds old, and not a millisecond later", () => {
    expect(shouldCelebrateCompletion(done, null, Date.now())).toBe(true);
    vi.advanceTimersByTime(COMPLETION_WINDOW_MS);
    expect(shouldCelebrateCompletion(done, null, Date.now())).toBe(true);
    vi.advanceTimersByTime(1);
    expect(shouldCelebrateCompletion(done, null, Date.now())).toBe(false);
  });

  it("reads a completion stamped a little ahead of the browser's clock as just now", () => {
    vi.setSystemTime(COMPLETED_AT.getTime() - COMPLETION_CLOCK_SKEW_MS);
    expect(shouldCelebrateCompletion(done, null, Date.now())).toBe(true);
    vi.setSystemTime(COMPLETED_AT.getTime() - COMPLETION_CLOCK_SKEW_MS - 1);
    expect(shouldCelebrateCompletion(done, null, Date.now())).toBe(false);
  });

  it("celebrates one completion once, even when the server's stamp replaces the optimistic one", () => {
    const optimistic = COMPLETED_AT.getTime() - 300;
    vi.advanceTimersByTime(1_000);
    expect(shouldCelebrateCompletion(done, optimistic, Date.now())).toBe(false);
    expect(shouldCelebrateCompletion(done, COMPLETED_AT.getTime(), Date.now())).toBe(false);
  });

  it("celebrates a later completion of the same task again", () => {
    const earlier = COMPLETED_AT.getTime() - COMPLETION_WINDOW_MS - 1;
    expect(shouldCelebrateCompletion(done, earlier, Date.now())).toBe(true);
  });

  it("needs status done and a completion time", () => {
    expect(shouldCelebrateCompletion({ ...done, status: "inprogress" }, null, Date.now())).toBe(false);
    expect(shouldCelebrateCompletion({ ...done, completedAt: null }, null, Date.now())).toBe(false);
    expect(shouldCelebrateCompletion({ ...done, completedAt: "not a time" }, null, Date.now())).toBe(false);
  });
});

describe("completionNotification", () => {
  it("isolates an Arabic title, so the sentence around it keeps its order", () => {
    const { body } = completionNotification({ id: "t1", title: "مراجعة التقرير", date: null }, "2026-11-24");
    expect(body).toBe('Nice work! "\u2068مراجعة التقرير\u2069" is done.');
  });
});
