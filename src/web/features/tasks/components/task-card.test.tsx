import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Task } from "../../../../shared/api/tasks.ts";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { TaskCard, type TaskCardActions } from "./task-card.tsx";

// 10:40 UTC; the cards are read in UTC so the delay classes do not depend on the machine's zone.
const NOW = new Date("2026-11-23T10:40:00.000Z");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

function renderCard(overrides: Partial<Task> = {}) {
  const actions: TaskCardActions = { onEdit: vi.fn(), onDelete: vi.fn(), onResume: vi.fn(), onComplete: vi.fn(), onMoveToDay: vi.fn() };
  const task = makeTask({ title: "Write the report", ...overrides });
  render(<TaskCard task={task} timeZone="UTC" actions={actions} />);
  return { task, actions, card: screen.getByRole("article", { name: /Write the report/ }) };
}

/** An in-progress task whose session started `minutesAgo` minutes before NOW. */
function running(minutesAgo: number, estimatedDuration: number | null, extra: Partial<Task> = {}): Partial<Task> {
  const started = new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();
  return {
    status: "inprogress",
    estimatedDuration,
    currentSessionStartedAt: started,
    firstStartedAt: started,
    workSessionCount: 1,
    ...extra,
  };
}

describe("TaskCard texts", () => {
  it("shows title, description, goal, a 12-hour time and the estimate as Xh Ym", () => {
    const { card } = renderCard({
      description: "Quarterly numbers",
      goalTitle: "Ship the release",
      goalId: "g1",
      scheduledStartTime: "13:05",
      estimatedDuration: 90,
    });
    expect(card).toHaveTextContent("Quarterly numbers");
    expect(card).toHaveTextContent("Goal: Ship the release");
    expect(card).toHaveTextContent("1:05 PM");
    expect(card).toHaveTextContent("1h 30m");
  });

  it("clamps a long title to 3 lines, its whole text in the card's name and tooltip", () => {
    const title = `Write the report ${"and then some more words ".repeat(8)}`.slice(0, 200);
    const { card } = renderCard({ title });
    const heading = within(card).getByRole("heading", { level: 3 });
    expect(heading).toHaveClass("line-clamp-3");
    expect(heading).toHaveAttribute("title", title);
    expect(card).toHaveAccessibleName(title);
  });

  it("says 'No time set' without a start time and shows minutes under an hour as Xm", () => {
    const { card } = renderCard({ scheduledStartTime: null, estimatedDuration: 45 });
    expect(card).toHaveTextContent("No time set");
    expect(card).toHaveTextContent("45m");
    expect(card).not.toHaveTextContent("work session");
  });

  it("shows 'done/total' steps next to the estimate, with a spoken label, and nothing without steps", () => {
    const step = (id: string, done: boolean) => ({ id, title: id, done, position: 0 });
    const { card } = renderCard({ estimatedDuration: 45, checklist: [step("a", true), step("b", false), step("c", false)] });
    const count = within(card).getByTestId("task-checklist-count");
    expect(count).toHaveTextContent("1/3");
    expect(within(count).getByText("1 of 3 steps done")).toHaveClass("sr-only");
    expect(count.previousElementSibling).toHaveTextContent("45m");
    expect(screen.getAllByTestId("task-checklist-count")).toHaveLength(1);
    renderCard({ title: "Shop", checklist: [] });
    expect(screen.getAllByTestId("task-checklist-count")).toHaveLength(1);
  });

  it("shows how long ago the task was created", () => {
    const { card } = renderCard({ createdAt: "2026-11-23T07:40:00.000Z" });
    expect(card).toHaveTextContent("Created about 3 hours ago");
  });

  it("counts work sessions", () => {
    expect(renderCard({ workSessionCount: 1 }).card).toHaveTextContent("1 work session");
  });

  it("counts several work sessions in the plural", () => {
    expect(renderCard({ workSessionCount: 3 }).card).toHaveTextContent("3 work sessions");
  });
});

describe("TaskCard overtime box", () => {
  it("is absent while the session is within its estimate, and shows the running time", () => {
    const { card } = renderCard(running(30, 30));
    expect(card).not.toHaveTextContent(/overtime/i);
    expect(card).toHaveTextContent("Working for 30:00");
  });

  it("warns once the session runs past the estimate", () => {
    const { card } = renderCard(running(45, 30));
    expect(card).toHaveTextContent("Overtime: 15m over the 30m estimate");
    expect(card).not.toHaveTextContent("Task may be blocked");
    expect(card.querySelector("[data-severity]")).toHaveAttribute("data-severity", "warning");
  });

  it("turns critical past a 50% overrun, with the spec's recommendation", () => {
    const { card } = renderCard(running(46, 30));
    expect(card).toHaveTextContent("Critical overtime: 16m over the 30m estimate");
    expect(card).toHaveTextContent("Task may be blocked - consider asking for help or switching focus");
  });

  it("takes 30 minutes as the estimate of a task without one", () => {
    const { card } = renderCard(running(31, null));
    expect(card).toHaveTextContent("Overtime: 1m over the 30m estimate");
  });

  it("shows elapsed hours as h:mm:ss", () => {
    const { card } = renderCard(running(125, 480));
    expect(card).toHaveTextContent("Working for 2:05:00");
  });
});

describe("TaskCard start delay", () => {
  function delayed(minutesLate: number) {
    // Scheduled 10:00 UTC, first started 10:00 + minutesLate.
    const first = new Date(Date.parse("2026-11-23T10:00:00.000Z") + minutesLate * 60_000).toISOString();
    return renderCard({ scheduledStartTime: "10:00", firstStartedAt: first, status: "done", workSessionCount: 1 }).card;
  }

  it.each([
    [-16, "Started 16m early", "early"],
    [-15, "Started on time", "ontime"],
    [15, "Started on time", "ontime"],
    [16, "Started 16m late · Minor delay", "minor"],
    [60, "Started 1h 0m late · Minor delay", "minor"],
    [61, "Started 1h 1m late · Moderate delay", "moderate"],
    [240, "Started 4h 0m late · Moderate delay", "moderate"],
  ])("reads %i minutes as '%s'", (minutes, text, delayClass) => {
    const card = delayed(minutes);
    expect(card).toHaveTextContent(text);
    expect(card.querySelector("[data-delay-class]")).toHaveAttribute("data-delay-class", delayClass);
    expect(card).not.toHaveTextContent("Consider scheduling tasks at more realistic times");
  });

  it("recommends more realistic times for a severe delay", () => {
    const card = delayed(241);
    expect(card).toHaveTextContent("Started 4h 1m late · Severe delay");
    expect(card).toHaveTextContent("Consider scheduling tasks at more realistic times");
  });

  it("shows nothing without a scheduled time or a first start", () => {
    expect(renderCard({ firstStartedAt: "2026-11-23T10:00:00.000Z" }).card).not.toHaveTextContent("Started");
  });
});

describe("TaskCard status hints and actions", () => {
  it("invites to resume a stalled task", async () => {
    const { card, actions, task } = renderCard({ status: "stalled" });
    await userEvent.click(within(card).getByRole("button", { name: "Stalled - Click to resume" }));
    expect(actions.onResume).toHaveBeenCalledWith(task);
    expect(card).toHaveAttribute("data-status", "stalled");
  });

  it("marks a done task with a check mark", () => {
    const { card } = renderCard({ status: "done" });
    expect(within(card).getByRole("heading", { level: 3 })).toHaveAccessibleName("Done: Write the report");
    expect(card).not.toHaveTextContent("Stalled");
  });

  it("edits and deletes through buttons named after the task", async () => {
    const { card, actions, task } = renderCard();
    await userEvent.click(within(card).getByRole("button", { name: 'Edit "Write the report"' }));
    expect(actions.onEdit).toHaveBeenCalledWith(task);
    await userEvent.click(within(card).getByRole("button", { name: 'Delete "Write the report"' }));
    expect(actions.onDelete).toHaveBeenCalledWith(task);
  });
});

describe("TaskCard one-tap completion and Move to…", () => {
  it.each(["todo", "inprogress", "stalled"] as const)("a %s card completes with one tap on its named control", async (status) => {
    const { card, actions, task } = renderCard({ status });
    await userEvent.click(within(card).getByRole("button", { name: 'Complete "Write the report"' }));
    expect(actions.onComplete).toHaveBeenCalledWith(task);
  });

  it("a done card offers no completion", () => {
    const { card } = renderCard({ status: "done" });
    expect(within(card).queryByRole("button", { name: /^Complete/ })).toBeNull();
  });

  it("opens the choice of another day from a button named after the task", async () => {
    const { card, actions, task } = renderCard();
    const move = within(card).getByRole("button", { name: 'Move "Write the report" to another day' });
    expect(move).toHaveAttribute("aria-haspopup", "dialog");
    await userEvent.click(move);
    expect(actions.onMoveToDay).toHaveBeenCalledWith(task);
  });
});

describe("TaskCard of a series", () => {
  it("shows the repeat icon with the rule in words as its name and tooltip", () => {
    const { card } = renderCard({ recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", seriesId: "s1" });
    const note = within(card).getByTestId("task-repeat");
    expect(note).toHaveAttribute("title", "Every weekday");
    expect(note).toHaveTextContent("Repeats: Every weekday");
  });

  it("shows none for a single task", () => {
    const { card } = renderCard();
    expect(within(card).queryByTestId("task-repeat")).not.toBeInTheDocument();
  });
});
