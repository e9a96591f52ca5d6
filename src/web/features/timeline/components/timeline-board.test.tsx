import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { timelineModel } from "../lib/timeline-model.ts";
import { TODAY_VIEW_KEY, useTodayView } from "../lib/today-view.ts";
import { TimelineBoard } from "./timeline-board.tsx";
import { TodayViewSwitch } from "./today-view-switch.tsx";

const write = makeTask({ id: "w", title: "Write", scheduledStartTime: "09:00", estimatedDuration: 30, recurrence: "FREQ=DAILY" });
const done = makeTask({ id: "d", title: "Filed", status: "done", scheduledStartTime: "10:00" });
const read = makeTask({ id: "r", title: "Read", position: 2 });
const call = makeTask({ id: "c", title: "Call", position: 1 });
const meeting = {
  id: "e1",
  calendarId: "cal",
  title: "Standup",
  start: "2026-11-23T09:15:00+00:00",
  end: "2026-11-23T09:45:00+00:00",
  allDay: false,
  busy: true,
};

function renderBoard() {
  const onChange = vi.fn();
  const onOpenTask = vi.fn();
  const model = timelineModel([write, done, read, call], [meeting as never], [{ id: "cal", colour: "#0891b2" }], "2026-11-23");
  render(
    <TimelineBoard
      scheduled={model.scheduled}
      unscheduled={model.unscheduled}
      events={model.events}
      workday={{ start: 540, end: 1020 }}
      nowMinutes={null}
      onOpenTask={onOpenTask}
      onChange={onChange}
    />,
  );
  const announced = () => screen.getByTestId("timeline-announcement").textContent;
  return { onChange, onOpenTask, announced };
}

describe("TimelineBoard", () => {
  it("lists the unscheduled To Do tasks in the board's order and draws blocks for the timed ones and the meetings", () => {
    const { onOpenTask } = renderBoard();
    const list = screen.getByRole("list", { name: "Unscheduled To Do tasks" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining("Call"), expect.stringContaining("Read")]);
    const block = screen.getByRole("button", { name: /^Write\W*9:00 AM – 9:30 AM · To Do/ });
    // The meeting overlaps the task: side by side.
    expect(block.closest("li")).toHaveStyle({ width: "50%" });
    expect(screen.getByTestId("timeline-event")).toHaveTextContent("Standup");
    expect(screen.getByTestId("timeline-event")).toHaveTextContent("Busy");
    expect(within(block).getByText(", repeats")).toBeInTheDocument();
    fireEvent.click(block);
    expect(onOpenTask).toHaveBeenCalledWith(write);
    // A completed task stays where it was done: it has no handles.
    expect(screen.queryByRole("button", { name: 'Move "Filed"' })).toBeNull();
  });

  it("moves a block by keyboard in quarter hours, with announcements", () => {
    const { onChange, announced } = renderBoard();
    const handle = screen.getByRole("button", { name: 'Move "Write"' });
    handle.focus();
    fireEvent.keyDown(handle, { key: " " });
    expect(announced()).toBe('Picked up "Write", at 9:00 AM to 9:30 AM.');
    fireEvent.keyDown(handle, { key: "ArrowDown" });
    fireEvent.keyDown(handle, { key: "ArrowDown" });
    expect(announced()).toBe('"Write" is at 9:30 AM to 10:00 AM.');
    expect(screen.getByTestId("timeline-ghost")).toHaveTextContent("9:30 AM – 10:00 AM");
    fireEvent.keyDown(handle, { key: "Enter" });
    expect(onChange).toHaveBeenCalledWith(write, { scheduledStartTime: "09:30" });
    expect(announced()).toBe('"Write" was scheduled at 9:30 AM.');
  });

  it("cancels with Escape and sends nothing", () => {
    const { onChange, announced } = renderBoard();
    const handle = screen.getByRole("button", { name: 'Move "Write"' });
    fireEvent.keyDown(handle, { key: "Enter" });
    fireEvent.keyDown(handle, { key: "ArrowUp" });
    fireEvent.keyDown(handle, { key: "Escape" });
    expect(onChange).not.toHaveBeenCalled();
    expect(announced()).toBe('Moving "Write" was cancelled. It stays where it was.');
    expect(screen.queryByTestId("timeline-ghost")).toBeNull();
  });

  it("puts a listed task into the grid, changes a length with Shift and clears a time by keyboard", () => {
    const { onChange } = renderBoard();
    const listed = screen.getByRole("button", { name: 'Move "Call"' });
    fireEvent.keyDown(listed, { key: " " });
    fireEvent.keyDown(listed, { key: "ArrowRight" });
    fireEvent.keyDown(listed, { key: "ArrowDown" });
    fireEvent.keyDown(listed, { key: " " });
    expect(onChange).toHaveBeenLastCalledWith(call, { scheduledStartTime: "09:15" });

    const handle = screen.getByRole("button", { name: 'Move "Write"' });
    fireEvent.keyDown(handle, { key: " " });
    fireEvent.keyDown(handle, { key: "ArrowDown", shiftKey: true });
    fireEvent.keyDown(handle, { key: " " });
    expect(onChange).toHaveBeenLastCalledWith(write, { estimatedDuration: 45 });

    fireEvent.keyDown(handle, { key: " " });
    fireEvent.keyDown(handle, { key: "ArrowLeft" });
    fireEvent.keyDown(handle, { key: " " });
    expect(onChange).toHaveBeenLastCalledWith(write, { scheduledStartTime: null });
  });
});

describe("TodayViewSwitch", () => {
  function Harness() {
    const [view, setView] = useTodayView();
    return (
      <>
        <TodayViewSwitch value={view} onChange={setView} />
        <p>{view}</p>
      </>
    );
  }

  it("is Board by default, chosen by arrow keys and kept in the browser", () => {
    localStorage.removeItem(TODAY_VIEW_KEY);
    const { unmount } = render(<Harness />);
    const board = screen.getByRole("radio", { name: "Board" });
    expect(board).toBeChecked();
    fireEvent.keyDown(board, { key: "ArrowRight" });
    expect(screen.getByRole("radio", { name: "Timeline" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Timeline" })).toHaveFocus();
    expect(localStorage.getItem(TODAY_VIEW_KEY)).toBe("timeline");
    unmount();
    render(<Harness />);
    expect(screen.getByText("timeline")).toBeInTheDocument();
  });
});
