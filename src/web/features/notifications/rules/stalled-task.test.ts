import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { STALL_NOTICE_INTERVAL_MS, shouldNotifyStall, stallNotification } from "./stalled-task.ts";

// A fake clock: "now" is the system time the test sets.
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-24T10:00:00.000Z"));
});
afterEach(() => vi.useRealTimers());

describe("shouldNotifyStall", () => {
  const stalled = makeTask({ status: "stalled" });

  it("notifies a stalled task never notified before", () => {
    expect(shouldNotifyStall(stalled, null, Date.now())).toBe(true);
  });

  it("waits a full hour after the last notice for the same task", () => {
    const shownAt = Date.now();
    vi.advanceTimersByTime(STALL_NOTICE_INTERVAL_MS - 1);
    expect(shouldNotifyStall(stalled, shownAt, Date.now())).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shouldNotifyStall(stalled, shownAt, Date.now())).toBe(true);
  });

  it("never notifies a task that is not stalled", () => {
    for (const status of ["todo", "inprogress", "done"] as const) {
      expect(shouldNotifyStall(makeTask({ status }), null, Date.now())).toBe(false);
    }
  });

  it("reads a marker from the future (the clock went back) as just shown", () => {
    expect(shouldNotifyStall(stalled, Date.now() + 60_000, Date.now())).toBe(false);
  });

  it("points at the task's day on the board", () => {
    expect(stallNotification({ id: "t1", title: "Write", date: "2026-11-24" }, "2026-11-24")).toMatchObject({
      kind: "stalled",
      key: "stall:t1",
      title: "Task Stalled",
      path: "/",
    });
    expect(stallNotification({ id: "t1", title: "Write", date: "2026-11-23" }, "2026-11-24").path).toBe("/?date=2026-11-23");
  });
});
