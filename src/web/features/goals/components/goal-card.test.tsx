import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NO_GOAL_TASKS_TEXT } from "../../../../shared/rules/goal-progress.ts";
import { makeGoal } from "../test/goal-fixtures.ts";
import { GoalCard } from "./goal-card.tsx";

function renderCard(overrides: Parameters<typeof makeGoal>[0] = {}, timeZone = "UTC") {
  const onAddTask = vi.fn();
  const onEdit = vi.fn();
  const onBreakDown = vi.fn();
  const goal = makeGoal(overrides);
  render(<GoalCard goal={goal} timeZone={timeZone} onAddTask={onAddTask} onEdit={onEdit} onBreakDown={onBreakDown} />);
  return { goal, onAddTask, onEdit, onBreakDown, card: screen.getByRole("article", { name: goal.title }) };
}

describe("<GoalCard />", () => {
  it("shows the title, description, status badge and both dates", () => {
    const { card } = renderCard({ status: "paused", targetDate: "2026-09-20" });
    expect(within(card).getByRole("heading", { level: 2, name: "Run a half marathon" })).toBeInTheDocument();
    expect(card).toHaveTextContent("Train four times a week");
    expect(card).toHaveTextContent("paused");
    expect(card).toHaveTextContent("Target:Sep 20, 2026");
    expect(card).toHaveTextContent("Created:Mar 1, 2026");
  });

  describe("a passed target date", () => {
    afterEach(() => vi.useRealTimers());

    it("marks an active goal overdue, with the date and how long ago, from the day after the target in the user's zone", () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      // 23:30 UTC on 21 September is already the 22nd in Tokyo.
      vi.setSystemTime(new Date("2026-09-21T23:30:00.000Z"));
      const { card } = renderCard({ status: "active", targetDate: "2026-09-21" }, "Asia/Tokyo");
      expect(within(card).getByText("Overdue")).toBeInTheDocument();
      expect(card).toHaveTextContent("Target:Sep 21, 2026 · passed yesterday");
      cleanup();
      const later = renderCard({ status: "active", targetDate: "2026-09-18" }, "Asia/Tokyo");
      expect(later.card).toHaveTextContent("Target:Sep 18, 2026 · passed 4 days ago");
    });

    it("is not overdue on the day itself, without a date, or when paused or completed", () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-09-21T12:00:00.000Z"));
      for (const overrides of [
        { status: "active", targetDate: "2026-09-21" },
        { status: "active", targetDate: null },
        { status: "paused", targetDate: "2026-09-01" },
        { status: "completed", targetDate: "2026-09-01" },
      ] as const) {
        const { card } = renderCard(overrides);
        expect(card).not.toHaveTextContent(/overdue|passed/i);
        cleanup();
      }
    });
  });

  it("reads 'No target date' without one, and the creation day in the user's zone", () => {
    // 23:30 UTC on 1 March is already 2 March in Tokyo.
    const { card } = renderCard({ targetDate: null, createdAt: "2026-03-01T23:30:00.000Z" }, "Asia/Tokyo");
    expect(card).toHaveTextContent("No target date");
    expect(card).toHaveTextContent("Created:Mar 2, 2026");
  });

  it("invites breaking the goal down when it has no tasks", () => {
    const { card } = renderCard({ completedTasksCount: 0, totalTasksCount: 0 });
    expect(card).toHaveTextContent(NO_GOAL_TASKS_TEXT);
    expect(card).toHaveTextContent("0/0 tasks · 0%");
    expect(within(card).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  });

  it.each([
    [0, 5, "0%", "Just started"],
    [1, 5, "20%", "Just started"],
    [1, 4, "25%", "Getting started"],
    [1, 2, "50%", "Halfway"],
    [3, 4, "75%", "Almost there"],
    [199, 200, "99%", "Almost there"],
    [4, 4, "100%", "Complete!"],
  ])("%i of %i done reads %s and '%s'", (completed, total, percent, label) => {
    const { card } = renderCard({ completedTasksCount: completed, totalTasksCount: total, progressPercentage: completed / total });
    expect(card).toHaveTextContent(`${completed}/${total} tasks · ${percent}`);
    expect(within(card).getByText(label)).toBeInTheDocument();
    expect(card).not.toHaveTextContent(NO_GOAL_TASKS_TEXT);
    const bar = within(card).getByRole("progressbar", { name: "Progress Run a half marathon" });
    expect(bar).toHaveAttribute("aria-valuenow", percent.replace("%", ""));
  });

  it("colours the bar by the 25/50/80 bands", () => {
    const { card } = renderCard({ completedTasksCount: 4, totalTasksCount: 5 });
    const indicator = within(card).getByRole("progressbar").firstElementChild;
    expect(indicator).toHaveClass("bg-green-600");
  });

  it("offers 'Add Task', 'Edit' and 'Break Down' for this goal", async () => {
    const user = userEvent.setup();
    const { card, goal, onAddTask, onEdit, onBreakDown } = renderCard();
    await user.click(within(card).getByRole("button", { name: "Add Task" }));
    expect(onAddTask).toHaveBeenCalledWith(goal);
    await user.click(within(card).getByRole("button", { name: "Edit" }));
    expect(onEdit).toHaveBeenCalledWith(goal);
    await user.click(within(card).getByRole("button", { name: "Break Down" }));
    expect(onBreakDown).toHaveBeenCalledWith(goal);
  });
});
