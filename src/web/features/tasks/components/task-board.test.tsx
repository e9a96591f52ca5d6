import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { BOARD_DRAG_INSTRUCTIONS_ID } from "../lib/board-drag-registry.ts";
import { TaskBoard } from "./task-board.tsx";

const tasks = [
  makeTask({ id: "t1", title: "Plan the week", status: "todo" }),
  makeTask({ id: "t2", title: "Write the report", status: "inprogress" }),
  makeTask({ id: "t3", title: "Send the invoice", status: "done" }),
];

function renderBoard() {
  const actions = { onEdit: vi.fn(), onDelete: vi.fn(), onResume: vi.fn() };
  return render(<TaskBoard tasks={tasks} timeZone="UTC" actions={actions} onDrop={vi.fn()} onExternalDrop={vi.fn()} />);
}

describe("TaskBoard", () => {
  it("paints its columns and cards before the drag and drop arrives, which then draws nothing again", async () => {
    const { container } = renderBoard();
    const column = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}`) });
    expect(within(column("To Do")).getByRole("article", { name: "Plan the week" })).toBeInTheDocument();
    expect(within(column("In Progress")).getByRole("article", { name: "Write the report" })).toBeInTheDocument();
    expect(within(column("Done")).getByRole("article", { name: /Send the invoice/ })).toBeInTheDocument();
    const handle = screen.getByRole("button", { name: 'Move "Plan the week"' });
    // What dnd-kit would give the handle, from the first paint on.
    expect(handle).toHaveAttribute("aria-roledescription", "draggable");
    expect(handle).toHaveAttribute("aria-describedby", BOARD_DRAG_INSTRUCTIONS_ID);
    expect(document.getElementById(BOARD_DRAG_INSTRUCTIONS_ID)).toBeNull();
    const elements = [...container.querySelectorAll("*")];

    // A pointer over the board loads it at once (otherwise the page's first idle moment does).
    fireEvent.pointerOver(handle);
    await waitFor(() => expect(document.getElementById(BOARD_DRAG_INSTRUCTIONS_ID)).toHaveTextContent(/press Space or Enter to pick it up/));
    expect(screen.getByRole("button", { name: 'Move "Plan the week"' })).toBe(handle);
    // Every element is still the one first painted (dnd-kit only adds its hidden texts).
    expect(elements.every((element) => element.isConnected)).toBe(true);
    expect([...container.querySelectorAll("*")].filter((element) => elements.includes(element))).toEqual(elements);
  });
});
