import { describe, expect, it } from "vitest";
import { distributeRows, rowsFromContent, type SuggestionRow, todayCapacityWarning, toBreakdownTasks } from "./breakdown-rows.ts";
import { breakdownTaskSchema } from "../../../../shared/api/ai-breakdown.ts";

const TODAY = "2026-05-04";
const list = [
  { title: "Outline", description: "The chapters", estimatedDuration: 60, priority: "high" },
  { title: "Draft", description: "", estimatedDuration: 120, priority: "high" },
  { title: "Proofread", description: "Two friends", estimatedDuration: 30, priority: "medium" },
  { title: "Cover", description: "Three ideas", estimatedDuration: 45, priority: "low" },
];

describe("rowsFromContent", () => {
  it("starts every suggestion selected and unscheduled (spec section 4)", () => {
    const rows = rowsFromContent(JSON.stringify(list), TODAY);
    expect(rows.map((row) => [row.title, row.selected, row.date])).toEqual([
      ["Outline", true, ""],
      ["Draft", true, ""],
      ["Proofread", true, ""],
      ["Cover", true, ""],
    ]);
  });

  it("gives the one placeholder for a reply that holds no list: 60 minutes, medium, today, the reply as its description", () => {
    const reply = "Start with an outline, then write every morning.";
    expect(rowsFromContent(reply, TODAY)).toEqual([
      {
        key: "placeholder",
        title: "AI Response (manual parsing needed)",
        description: reply,
        estimatedDuration: 60,
        priority: "medium",
        steps: [],
        date: TODAY,
        selected: true,
      },
    ]);
  });

  it("keeps as much of a long reply as a task's description can hold (5,000 characters), so the placeholder can be created", () => {
    const reply = `  ${"An idea per line.\n".repeat(500)}\u0000`;
    const [placeholder] = rowsFromContent(reply, TODAY);
    expect(placeholder!.description).toHaveLength(5_000);
    expect(placeholder!.description).toBe(reply.trim().slice(0, 5_000));
    expect(
      breakdownTaskSchema.safeParse({ title: placeholder!.title, description: placeholder!.description, estimatedDuration: 60 }).success,
    ).toBe(true);
  });
});

describe("distributeRows", () => {
  it("dates each suggestion by priority and place: high 0-1, medium 1-3, low 2-5 days from today", () => {
    const rows = distributeRows(rowsFromContent(JSON.stringify(list), TODAY), TODAY);
    expect(rows.map((row) => row.date)).toEqual(["2026-05-04", "2026-05-05", "2026-05-07", "2026-05-09"]);
  });
});

describe("todayCapacityWarning (spec section 5: 240 usable minutes, warning over 80%, critical over 100%)", () => {
  const row = (estimatedDuration: number, change: Partial<SuggestionRow> = {}): SuggestionRow => ({
    key: String(estimatedDuration),
    title: "Task",
    description: "",
    estimatedDuration,
    priority: "medium",
    steps: [],
    date: TODAY,
    selected: true,
    ...change,
  });

  it("is silent up to 80%, warns above it up to 100%, and is critical above 100%", () => {
    expect(todayCapacityWarning([], [row(192)], TODAY)).toBeNull(); // exactly 80%
    expect(todayCapacityWarning([], [row(193)], TODAY)).toMatchObject({
      level: "warning",
      message: "This will bring you to 80% capacity. Make sure you have focus time.",
    });
    expect(todayCapacityWarning([], [row(240)], TODAY)).toMatchObject({
      level: "warning",
      message: "This will bring you to 100% capacity. Make sure you have focus time.",
    });
    expect(todayCapacityWarning([], [row(241)], TODAY)).toMatchObject({
      level: "critical",
      message: "Adding these tasks will put you at 100% capacity. Consider deferring some tasks.",
    });
  });

  it("counts today's tasks (30 minutes without an estimate) with the chosen suggestions dated today only", () => {
    const todays = [{ estimatedDuration: 120 }, { estimatedDuration: null }];
    expect(todayCapacityWarning(todays, [row(45)], TODAY)).toMatchObject({ level: "warning", utilizationPercent: 81 });
    // Unselected, unscheduled or later suggestions add nothing; with none for today there is no warning.
    expect(
      todayCapacityWarning(
        todays,
        [row(45), row(300, { selected: false }), row(300, { date: "" }), row(300, { date: "2026-05-05" })],
        TODAY,
      ),
    ).toMatchObject({
      utilizationPercent: 81,
    });
    expect(todayCapacityWarning([{ estimatedDuration: 480 }], [row(30, { date: "" })], TODAY)).toBeNull();
  });
});

describe("toBreakdownTasks", () => {
  it("sends only the selected suggestions, the description only when not blank and the date only when chosen", () => {
    const rows = rowsFromContent(JSON.stringify(list), TODAY);
    rows[1] = { ...rows[1]!, date: "2026-05-05" };
    rows[3] = { ...rows[3]!, selected: false };
    expect(toBreakdownTasks(rows)).toEqual([
      { title: "Outline", description: "The chapters", estimatedDuration: 60 },
      { title: "Draft", estimatedDuration: 120, date: "2026-05-05" },
      { title: "Proofread", description: "Two friends", estimatedDuration: 30 },
    ]);
  });
});

describe("a suggestion's steps", () => {
  it("keeps up to 50 trimmed step titles of at most 200 characters, drops blank ones, and sends them as the task's steps", () => {
    const steps = ["  Book the venue ", "", 7, "x".repeat(250), ...Array.from({ length: 60 }, (_, index) => `Step ${index}`)];
    const [row] = rowsFromContent(JSON.stringify([{ ...list[0], steps }]), TODAY);
    expect(row!.steps).toHaveLength(50);
    expect(row!.steps.slice(0, 3)).toEqual(["Book the venue", "x".repeat(200), "Step 0"]);
    const [task] = toBreakdownTasks([row!]);
    expect(task!.steps).toEqual(row!.steps);
    expect(breakdownTaskSchema.safeParse(task).success).toBe(true);
  });

  it("sends no steps for a suggestion without any", () => {
    const [row] = rowsFromContent(JSON.stringify([{ ...list[0], steps: [] }]), TODAY);
    expect(row!.steps).toEqual([]);
    expect(toBreakdownTasks([row!])[0]).not.toHaveProperty("steps");
  });
});
