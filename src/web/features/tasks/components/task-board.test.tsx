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
  const actions = { onEdit: vi.fn(), onDelete: vi.fn(), onResume: vi.fn(), onComplete: vi.fn(), onMoveToDay: vi.fn() };
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
    await waitFor(() =>
      expect(document.getElementById(BOARD_DRAG_INSTRUCTIONS_ID)).toHaveTextContent(/press Space or Enter to pick it up/),
    );
    expect(screen.getByRole("button", { name: 'Move "Plan the week"' })).toBe(handle);
    // Every element is still the one first painted (dnd-kit only adds its hidden texts).
    expect(elements.every((element) => element.isConnected)).toBe(true);
    expect([...container.querySelectorAll("*")].filter((element) => elements.includes(element))).toEqual(elements);
  });
});

describe("TaskBoard's status tabs (below md)", () => {
  const many = [
    ...tasks,
    makeTask({ id: "t4", title: "Book the room", status: "todo" }),
    makeTask({ id: "t5", title: "Ran long", status: "stalled" }),
  ];
  function renderMany() {
    const actions = { onEdit: vi.fn(), onDelete: vi.fn(), onResume: vi.fn(), onComplete: vi.fn(), onMoveToDay: vi.fn() };
    return render(<TaskBoard tasks={many} timeZone="UTC" actions={actions} onDrop={vi.fn()} onExternalDrop={vi.fn()} />);
  }
  const column = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}`) });

  it("name each column with its count and show one column at a time, To Do first", () => {
    renderMany();
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["To Do 2", "In Progress 2", "Done 1"]);
    expect(screen.getByRole("tab", { name: "To Do 2" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tablist", { name: "Task status" })).toBeInTheDocument();
    for (const tab of tabs) expect(document.getElementById(tab.getAttribute("aria-controls")!)).toHaveAttribute("data-column");
    // Hidden below md only (jsdom applies no media queries): md and up show all three.
    expect(column("To Do")).not.toHaveClass("max-md:hidden");
    expect(column("In Progress")).toHaveClass("max-md:hidden");
    expect(column("Done")).toHaveClass("max-md:hidden");
  });

  it("switch the shown column on a tap", () => {
    renderMany();
    fireEvent.click(screen.getByRole("tab", { name: "Done 1" }));
    expect(screen.getByRole("tab", { name: "Done 1" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "To Do 2" })).toHaveAttribute("aria-selected", "false");
    expect(column("Done")).not.toHaveClass("max-md:hidden");
    expect(column("To Do")).toHaveClass("max-md:hidden");
  });

  it("move by arrow keys, Home and End, with one tab in the Tab order", () => {
    renderMany();
    const tab = (name: string) => screen.getByRole("tab", { name: new RegExp(`^${name}`) });
    expect(screen.getAllByRole("tab").map((element) => element.tabIndex)).toEqual([0, -1, -1]);
    tab("To Do").focus();
    fireEvent.keyDown(tab("To Do"), { key: "ArrowRight" });
    expect(tab("In Progress")).toHaveFocus();
    expect(tab("In Progress")).toHaveAttribute("aria-selected", "true");
    expect(screen.getAllByRole("tab").map((element) => element.tabIndex)).toEqual([-1, 0, -1]);
    expect(column("In Progress")).not.toHaveClass("max-md:hidden");
    fireEvent.keyDown(tab("In Progress"), { key: "End" });
    expect(tab("Done")).toHaveFocus();
    fireEvent.keyDown(tab("Done"), { key: "ArrowRight" });
    expect(tab("To Do")).toHaveFocus();
    fireEvent.keyDown(tab("To Do"), { key: "ArrowLeft" });
    expect(tab("Done")).toHaveFocus();
    fireEvent.keyDown(tab("Done"), { key: "Home" });
    expect(tab("To Do")).toHaveAttribute("aria-selected", "true");
  });
});
