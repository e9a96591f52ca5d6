import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type DayPlanEvent,
  dayPlanEvent,
  type DayPlanInput,
  type DayPlanTask,
  type GoalPriority,
  LONGER_THAN_ANY_SLOT,
  MINUTES_PER_DAY,
  minutesOfTime,
  NO_FREE_TIME_LEFT,
  nowOnDay,
  planDay,
  timeOfMinutes,
} from "./day-plan.ts";
import type { TaskStatus } from "./task-status.ts";

const at = (time: string) => minutesOfTime(time);

function task(id: string, overrides: Partial<DayPlanTask> = {}): DayPlanTask {
  return { id, title: `Task ${id}`, status: "todo", position: 0, estimatedDuration: 30, goalPriority: null, ...overrides };
}

function meeting(from: string, to: string, overrides: Partial<DayPlanEvent> = {}): DayPlanEvent {
  return { start: at(from), end: at(to), busy: true, allDay: false, ...overrides };
}

function plan(overrides: Partial<DayPlanInput>) {
  return planDay({ events: [], timedTasks: [], tasks: [], ...overrides });
}

function startsOf(result: ReturnType<typeof planDay>): Record<string, string> {
  return Object.fromEntries(result.placed.map((placed) => [placed.taskId, timeOfMinutes(placed.start)]));
}

describe("planDay: order", () => {
  it("places In Progress first, then the board's position, goal priority breaking position ties", () => {
    const result = plan({
      tasks: [
        task("todo-late", { position: 3 }),
        task("todo-low", { position: 1, goalPriority: "low" }),
        task("todo-high", { position: 1, goalPriority: "high" }),
        task("todo-none", { position: 1 }),
        task("doing", { status: "inprogress", position: 9 }),
        task("todo-first", { position: 0 }),
      ],
    });
    expect(startsOf(result)).toEqual({
      doing: "09:00",
      "todo-first": "09:30",
      "todo-high": "10:00",
      "todo-low": "10:30",
      "todo-none": "11:00",
      "todo-late": "11:30",
    });
    expect(result.placed.map((placed) => placed.taskId)).toEqual([
      "doing",
      "todo-first",
      "todo-high",
      "todo-low",
      "todo-none",
      "todo-late",
    ]);
  });

  it("gives the same plan whatever order the tasks come in", () => {
    const tasks = [task("a", { position: 2 }), task("b", { position: 1, status: "inprogress" }), task("c", { position: 1 })];
    expect(plan({ tasks })).toEqual(plan({ tasks: tasks.slice().reverse() }));
  });

  it("puts a later task into an earlier slot it fits (first-fit)", () => {
    const result = plan({
      events: [meeting("09:15", "10:00")],
      tasks: [task("long", { position: 0, estimatedDuration: 60 }), task("short", { position: 1, estimatedDuration: 15 })],
      meetingGapMinutes: 0,
    });
    expect(startsOf(result)).toEqual({ long: "10:00", short: "09:00" });
  });
});

describe("planDay: free time", () => {
  it("keeps the gap after each busy meeting; free and all-day events do not block", () => {
    const result = plan({
      events: [
        meeting("09:00", "10:00"),
        meeting("10:15", "11:00", { busy: false }),
        { start: 0, end: MINUTES_PER_DAY, busy: true, allDay: true },
      ],
      tasks: [task("a")],
    });
    expect(startsOf(result)).toEqual({ a: "10:15" });
    expect(result.freeMinutes).toBe(8 * 60 - 65);
  });

  it("never moves or overlaps a timed task, which lasts 30 minutes without an estimate", () => {
    const result = plan({
      workdayStart: "09:00",
      workdayEnd: "10:30",
      timedTasks: [{ start: at("09:00"), estimatedDuration: null }],
      tasks: [task("a", { estimatedDuration: 60 })],
      unplannedPercent: 0,
    });
    expect(startsOf(result)).toEqual({ a: "09:30" });
  });

  it("starts nothing before now on today, snapping up to the quarter hour", () => {
    const result = plan({ now: at("13:07"), tasks: [task("a")] });
    expect(startsOf(result)).toEqual({ a: "13:15" });
    expect(result.freeMinutes).toBe(at("17:00") - at("13:07"));
  });

  it("uses the slot's own start when the snapped start would not fit", () => {
    const result = plan({
      events: [meeting("09:00", "09:50"), meeting("10:30", "12:00")],
      tasks: [task("a", { estimatedDuration: 40 })],
      meetingGapMinutes: 0,
    });
    expect(startsOf(result)).toEqual({ a: "09:50" });
  });

  it("uses the working hours it is given, with a task of no estimate lasting 30 minutes", () => {
    const result = plan({ workdayStart: "07:30", workdayEnd: "08:30", tasks: [task("a", { estimatedDuration: null })] });
    expect(result.placed).toEqual([{ taskId: "a", start: at("07:30"), end: at("08:00") }]);
  });
});

describe("planDay: what does not fit", () => {
  it("says a task longer than any free slot is so, without splitting it", () => {
    const result = plan({
      events: [meeting("11:00", "12:00"), meeting("14:00", "15:00")],
      tasks: [task("huge", { estimatedDuration: 150 }), task("small", { position: 1 })],
      meetingGapMinutes: 0,
    });
    expect(result.unplaced).toEqual([{ taskId: "huge", title: "Task huge", reason: LONGER_THAN_ANY_SLOT }]);
    expect(startsOf(result)).toEqual({ small: "09:00" });
  });

  it("says no free time is left when the slots are taken, and goes on with the tasks that still fit", () => {
    const result = plan({
      workdayStart: "09:00",
      workdayEnd: "11:00",
      events: [meeting("10:00", "10:30")],
      tasks: [
        task("a", { estimatedDuration: 45 }),
        task("b", { position: 1, estimatedDuration: 20 }),
        task("c", { position: 2, estimatedDuration: 20 }),
        task("d", { position: 3, estimatedDuration: 10 }),
      ],
      meetingGapMinutes: 0,
      unplannedPercent: 0,
    });
    expect(startsOf(result)).toEqual({ a: "09:00", b: "10:30", d: "09:45" });
    expect(result.unplaced).toEqual([{ taskId: "c", title: "Task c", reason: NO_FREE_TIME_LEFT }]);
  });

  it("leaves the unplanned share free and stops there, even for a smaller task after", () => {
    const result = plan({
      workdayStart: "09:00",
      workdayEnd: "11:00",
      tasks: [
        task("a", { estimatedDuration: 60 }),
        task("b", { position: 1, estimatedDuration: 45 }),
        task("c", { position: 2, estimatedDuration: 15 }),
      ],
    });
    expect(result.freeMinutes).toBe(120);
    expect(startsOf(result)).toEqual({ a: "09:00" });
    expect(result.plannedMinutes).toBe(60);
    expect(result.unplaced.map((unplaced) => [unplaced.taskId, unplaced.reason])).toEqual([
      ["b", NO_FREE_TIME_LEFT],
      ["c", NO_FREE_TIME_LEFT],
    ]);
  });

  it("plans up to exactly the share's limit", () => {
    const result = plan({ workdayStart: "09:00", workdayEnd: "10:40", tasks: [task("a", { estimatedDuration: 85 })] });
    expect(startsOf(result)).toEqual({ a: "09:00" });
  });

  it("places nothing on a day already over, or with working hours that end before they start", () => {
    expect(plan({ now: MINUTES_PER_DAY, tasks: [task("a")] }).unplaced[0]?.reason).toBe(NO_FREE_TIME_LEFT);
    expect(plan({ workdayStart: "17:00", workdayEnd: "09:00", tasks: [task("a")] }).placed).toEqual([]);
  });
});

describe("conversions", () => {
  it("reads an event's wall clock on the day, clipping what crosses midnight", () => {
    const event = { start: "2026-03-09T23:30:00+01:00", end: "2026-03-10T01:15:00+01:00", allDay: false, busy: true };
    expect(dayPlanEvent(event, "2026-03-09")).toEqual({ start: at("23:30"), end: MINUTES_PER_DAY, busy: true, allDay: false });
    expect(dayPlanEvent(event, "2026-03-10")).toEqual({ start: 0, end: at("01:15"), busy: true, allDay: false });
    expect(dayPlanEvent({ start: "2026-03-09", end: "2026-03-10", allDay: true, busy: true }, "2026-03-09").allDay).toBe(true);
  });

  it("reads now in the user's zone: none on a later day, the whole of an earlier one", () => {
    const now = new Date("2026-03-09T12:07:30Z");
    expect(nowOnDay("2026-03-09", now, "Europe/Berlin")).toBe(at("13:08"));
    expect(nowOnDay("2026-03-09", new Date("2026-03-09T12:07:00Z"), "Europe/Berlin")).toBe(at("13:07"));
    expect(nowOnDay("2026-03-10", now, "Europe/Berlin")).toBeNull();
    expect(nowOnDay("2026-03-08", now, "Europe/Berlin")).toBe(MINUTES_PER_DAY);
    expect(nowOnDay("2026-03-10", now, "Pacific/Kiritimati")).toBe(at("02:08"));
  });

  it("turns minutes into 'HH:MM' and back", () => {
    expect(timeOfMinutes(at("09:05"))).toBe("09:05");
    expect(timeOfMinutes(0)).toBe("00:00");
    expect(() => minutesOfTime("24:00")).toThrow(RangeError);
  });
});

describe("planDay: properties", () => {
  const minute = fc.integer({ min: 0, max: MINUTES_PER_DAY - 1 });
  const time = minute.map(timeOfMinutes);
  const estimate = fc.option(fc.integer({ min: 1, max: 300 }), { nil: null });
  const event = fc
    .record({ start: minute, length: fc.integer({ min: 0, max: 240 }), busy: fc.boolean(), allDay: fc.boolean() })
    .map(({ start, length, busy, allDay }) => ({ start, end: Math.min(MINUTES_PER_DAY, start + length), busy, allDay }));
  const status = fc.constantFrom<TaskStatus>("todo", "inprogress");
  const priority = fc.option(fc.constantFrom<GoalPriority>("high", "medium", "low"), { nil: null });
  const tasks = fc.uniqueArray(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 4 }),
      title: fc.string({ maxLength: 8 }),
      status,
      position: fc.integer({ min: -3, max: 3 }),
      estimatedDuration: estimate,
      goalPriority: priority,
    }),
    { selector: (item) => item.id, maxLength: 25 },
  );
  const input: fc.Arbitrary<DayPlanInput> = fc.record({
    workdayStart: fc.oneof(fc.constant("09:00"), time),
    workdayEnd: fc.oneof(fc.constant("17:00"), time),
    now: fc.option(fc.integer({ min: 0, max: MINUTES_PER_DAY }), { nil: null }),
    events: fc.array(event, { maxLength: 12 }),
    timedTasks: fc.array(fc.record({ start: minute, estimatedDuration: estimate }), { maxLength: 6 }),
    tasks,
    meetingGapMinutes: fc.integer({ min: 0, max: 30 }),
    unplannedPercent: fc.integer({ min: 0, max: 100 }),
  });

  // An independent reading of the free minutes, one by one, to hold the plan against.
  function freeMinuteMap(day: DayPlanInput): boolean[] {
    const from = Math.max(minutesOfTime(day.workdayStart!), day.now ?? 0);
    const to = minutesOfTime(day.workdayEnd!);
    const free = Array.from({ length: MINUTES_PER_DAY }, (_, index) => index >= from && index < to);
    const block = (start: number, end: number) => {
      for (let index = Math.max(0, start); index < Math.min(MINUTES_PER_DAY, end); index++) free[index] = false;
    };
    for (const item of day.events)
      if (item.busy && !item.allDay && item.end > item.start) block(item.start, item.end + day.meetingGapMinutes!);
    for (const timed of day.timedTasks) block(timed.start, timed.start + (timed.estimatedDuration ?? 30));
    return free;
  }

  it("places tasks only in free minutes, never two in one minute, and counts the free time rightly", () => {
    fc.assert(
      fc.property(input, (day) => {
        const result = planDay(day);
        const free = freeMinuteMap(day);
        expect(result.freeMinutes).toBe(free.filter(Boolean).length);
        for (const placed of result.placed) {
          expect(placed.end).toBeGreaterThan(placed.start);
          for (let index = placed.start; index < placed.end; index++) {
            expect(free[index]).toBe(true);
            free[index] = false;
          }
        }
      }),
    );
  });

  it("keeps everything inside working hours and after now", () => {
    fc.assert(
      fc.property(input, (day) => {
        for (const placed of planDay(day).placed) {
          expect(placed.start).toBeGreaterThanOrEqual(minutesOfTime(day.workdayStart!));
          expect(placed.end).toBeLessThanOrEqual(minutesOfTime(day.workdayEnd!));
          expect(placed.start).toBeGreaterThanOrEqual(day.now ?? 0);
        }
      }),
    );
  });

  it("answers the same input with the same plan, whatever the tasks' order", () => {
    fc.assert(
      fc.property(input, fc.nat(), (day, seed) => {
        const cut = day.tasks.length > 0 ? seed % day.tasks.length : 0;
        const shuffled = [...day.tasks.slice(cut), ...day.tasks.slice(0, cut)].reverse();
        expect(planDay(day)).toEqual(planDay(day));
        expect(planDay({ ...day, tasks: shuffled })).toEqual(planDay(day));
      }),
    );
  });

  it("accounts for every task exactly once, each placed one as long as its estimate", () => {
    fc.assert(
      fc.property(input, (day) => {
        const result = planDay(day);
        const ids = [...result.placed.map((placed) => placed.taskId), ...result.unplaced.map((unplaced) => unplaced.taskId)];
        expect(ids.slice().sort()).toEqual(day.tasks.map((item) => item.id).sort());
        const byId = new Map(day.tasks.map((item) => [item.id, item]));
        for (const placed of result.placed) expect(placed.end - placed.start).toBe(byId.get(placed.taskId)!.estimatedDuration ?? 30);
      }),
    );
  });

  it("plans at most the free time less the unplanned share", () => {
    fc.assert(
      fc.property(input, (day) => {
        const result = planDay(day);
        const planned = result.placed.reduce((sum, placed) => sum + placed.end - placed.start, 0);
        expect(planned).toBe(result.plannedMinutes);
        expect(planned * 100).toBeLessThanOrEqual(result.freeMinutes * (100 - day.unplannedPercent!));
      }),
    );
  });

  it("calls a task longer than any free slot so exactly when no free slot of the day holds it", () => {
    fc.assert(
      fc.property(input, (day) => {
        const free = freeMinuteMap(day);
        let longest = 0;
        let run = 0;
        for (const isFree of free) {
          run = isFree ? run + 1 : 0;
          longest = Math.max(longest, run);
        }
        const byId = new Map(day.tasks.map((item) => [item.id, item]));
        for (const unplaced of planDay(day).unplaced) {
          const length = byId.get(unplaced.taskId)!.estimatedDuration ?? 30;
          expect(unplaced.reason).toBe(longest > 0 && length > longest ? LONGER_THAN_ANY_SLOT : NO_FREE_TIME_LEFT);
        }
      }),
    );
  });
});

describe("plannedOfFree (the Capacity card's line)", () => {
  it("counts timed tasks inside working hours once each, of the hours no busy meeting takes", async () => {
    const { plannedOfFree, workdayMinutes } = await import("./day-plan.ts");
    expect(workdayMinutes("09:00", "17:00")).toBe(480);
    expect(
      plannedOfFree({
        workdayStart: "09:00",
        workdayEnd: "17:00",
        events: [
          { start: 600, end: 660, busy: true, allDay: false },
          { start: 630, end: 690, busy: true, allDay: false },
          { start: 700, end: 760, busy: false, allDay: false },
          { start: 0, end: 0, busy: true, allDay: true },
        ],
        timedTasks: [
          { start: 480, estimatedDuration: 120 },
          { start: 900, estimatedDuration: null },
          { start: 1000, estimatedDuration: 120 },
        ],
      }),
    ).toEqual({ plannedMinutes: 60 + 30 + 20, freeMinutes: 480 - 90 });
  });
});
