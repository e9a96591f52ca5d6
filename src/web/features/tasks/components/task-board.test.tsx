import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import type { TaskCardActions } from "./task-card.tsx";
import { TaskBoard } from "./task-board.tsx";

const actions: TaskCardActions = { onEdit: vi.fn(), onDelete: vi.fn(), onResume: vi.fn() };
const tasks = [
  makeTask({ title: "Plan the week" }),
  makeTask({ title: "Write the report", status: "inprogress" }),
  makeTask({ title: "Call the bank", status: "done" }),
];

/** The board's markup without React's generated ids (a remount gives new ones). */
function markupOf(grid: Element): string {
  return grid.outerHTML.replace(/ (id|aria-labelledby|aria-describedby)="[^"]*"/g, "");
}

const liveRegion = () => document.querySelector('[id^="DndLiveRegion-"]');

describe("TaskBoard", () => {
  it("paints without dnd-kit, then swaps to the drag-enabled board with the same markup, keeping focus", async () => {
    const { container } = render(
      <TaskBoard tasks={tasks} timeZone="UTC" actions={actions} onMove={vi.fn()} onExternalDrop={vi.fn()} />,
    );
    // The first paint: no dnd-kit (its live region comes with DndContext), handles as dnd-kit makes them.
    expect(liveRegion()).toBeNull();
    const handle = screen.getByRole("button", { name: 'Move "Write the report"' });
    expect(handle).toHaveAttribute("aria-roledescription", "draggable");
    expect(handle).toHaveAttribute("tabindex", "0");
    expect(handle).toHaveAttribute("aria-disabled", "false");
    expect(document.getElementById(handle.getAttribute("aria-describedby") ?? "")).toHaveTextContent(/press Space or Enter to pick it up/);
    const grid = container.querySelector(".grid")!;
    const before = markupOf(grid);

    // Focus in the board loads the drag-enabled board; the same handle has focus after the swap.
    act(() => handle.focus());
    await waitFor(() => expect(liveRegion()).not.toBeNull());
    const swapped = screen.getByRole("button", { name: 'Move "Write the report"' });
    expect(swapped).not.toBe(handle);
    expect(swapped).toHaveFocus();
    expect(document.getElementById(swapped.getAttribute("aria-describedby") ?? "")).toHaveTextContent(/press Space or Enter to pick it up/);
    expect(markupOf(container.querySelector(".grid")!)).toBe(before);
  });

  it("renders the drag-enabled board at once once it has loaded", async () => {
    render(<TaskBoard tasks={tasks} timeZone="UTC" actions={actions} onMove={vi.fn()} onExternalDrop={vi.fn()} />);
    await waitFor(() => expect(liveRegion()).not.toBeNull());
    expect(screen.getAllByRole("button", { name: /^Move "/ })).toHaveLength(3);
  });
});
