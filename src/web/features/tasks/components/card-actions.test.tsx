import { useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useMemo, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Task } from "../../../../shared/api/tasks.ts";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { dayTasksQueryOptions } from "../api/get-day-tasks.ts";
import { taskQueryKeys } from "../api/task-query-keys.ts";
import { useTaskMoves } from "../hooks/use-task-moves.ts";
import { MoveTaskDialog } from "./move-task-dialog.tsx";
import { TaskBoard } from "./task-board.tsx";
import type { TaskCardActions } from "./task-card.tsx";

// A Saturday: tomorrow is Sunday 6, next week Monday 7.
const TODAY = "2026-12-05";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Board({ initial }: { initial: Task[] }) {
  const day = useQuery({ ...dayTasksQueryOptions(TODAY), initialData: initial }).data;
  const moves = useTaskMoves({ today: TODAY, viewedDate: TODAY });
  const [toMove, setToMove] = useState<Task | null>(null);
  const actions = useMemo<TaskCardActions>(
    () => ({ onEdit: vi.fn(), onDelete: vi.fn(), onResume: vi.fn(), onComplete: moves.completeWithUndo, onMoveToDay: setToMove }),
    [moves],
  );
  return (
    <>
      <TaskBoard tasks={day} timeZone="UTC" actions={actions} onDrop={vi.fn()} onExternalDrop={vi.fn()} />
      <MoveTaskDialog task={toMove} today={TODAY} onMove={moves.moveToDay} onOpenChange={(open) => (open ? null : setToMove(null))} />
    </>
  );
}

/** A server that keeps what it is sent, so that the refetch after a write reads it back. */
function setUp(tasks: Task[]) {
  const patches: { url: string; body: unknown }[] = [];
  let stored = tasks;
  mockFetch((url, init) => {
    if (init.method === "PATCH") {
      const body = JSON.parse(String(init.body)) as Partial<Task>;
      patches.push({ url, body });
      stored = stored.map((task) => (url.endsWith(task.id) ? { ...task, ...body } : task));
      return jsonResponse(stored.find((task) => url.endsWith(task.id)));
    }
    if (url === `/api/tasks?date=${TODAY}`) return jsonResponse(stored.filter((task) => task.date === TODAY));
    return jsonResponse([]);
  });
  const { client } = renderWithApp(<Board initial={tasks} />);
  return { patches, client };
}

/** A toast's sentence, its title isolated in <bdi> (lib/bidi.ts). */
const findToast = (sentence: string) =>
  screen.findByText((_, element) => element?.tagName === "DIV" && element.textContent?.replace(/[\u2068\u2069]/g, "") === sentence);

const column = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}`) });

describe("a card's one-tap completion", () => {
  it("sets done at once, sends it, and its toast's Undo puts the previous status back", async () => {
    const { patches } = setUp([makeTask({ id: "t1", title: "Call the bank", status: "inprogress", date: TODAY })]);
    await userEvent.click(await screen.findByRole("button", { name: 'Complete "Call the bank"' }));
    expect(within(column("Done")).getByRole("article", { name: /Call the bank/ })).toBeInTheDocument();
    await waitFor(() => expect(patches).toEqual([{ url: "/api/tasks/t1", body: { status: "done" } }]));

    const toast = (await findToast('"Call the bank" is done.')).closest("li")!;
    expect(toast).toHaveTextContent("Task completed");
    await userEvent.click(within(toast).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(patches.at(-1)).toEqual({ url: "/api/tasks/t1", body: { status: "inprogress" } }));
    expect(within(column("In Progress")).getByRole("article", { name: "Call the bank" })).toBeInTheDocument();
  });
});

describe("Move to… from a card", () => {
  it.each([
    ["Tomorrow", "2026-12-06", "Sun, Dec 6"],
    ["Next week", "2026-12-07", "Mon, Dec 7"],
    ["No date", null, "no date (in Future Tasks)"],
  ])("moves the task to %s: it leaves the day at once and the toast says where", async (choice, date, where) => {
    const { patches, client } = setUp([makeTask({ id: "t1", title: "Write the brief", date: TODAY })]);
    await userEvent.click(await screen.findByRole("button", { name: 'Move "Write the brief" to another day' }));
    const dialog = await screen.findByRole("dialog", { name: "Move to…" });
    await userEvent.click(within(dialog).getByRole("button", { name: new RegExp(`^${choice}`) }));
    await waitFor(() => expect(patches).toEqual([{ url: "/api/tasks/t1", body: { date } }]));
    expect(client.getQueryData<Task[]>(taskQueryKeys.day(TODAY))).toEqual([]);
    expect(await findToast(`"Write the brief" moved to ${where}.`)).toBeInTheDocument();
  });

  it("moves an occurrence of a series alone (no scope) to a picked day, and says so", async () => {
    const task = makeTask({ id: "t2", title: "Standup", date: TODAY, recurrence: "FREQ=DAILY", seriesId: "s1" });
    const { patches } = setUp([task]);
    await userEvent.click(await screen.findByRole("button", { name: 'Move "Standup" to another day' }));
    const dialog = await screen.findByRole("dialog", { name: "Move to…" });
    expect(dialog).toHaveTextContent("only this occurrence");
    const field = within(dialog).getByLabelText("Another day");
    await userEvent.clear(field);
    await userEvent.type(field, "2026-12-10");
    await userEvent.click(within(dialog).getByRole("button", { name: "Move" }));
    await waitFor(() => expect(patches).toEqual([{ url: "/api/tasks/t2", body: { date: "2026-12-10" } }]));
  });
});
