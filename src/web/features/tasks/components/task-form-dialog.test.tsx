import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Goal } from "../../../../shared/api/goals.ts";
import type { Task } from "../../../../shared/api/tasks.ts";
import { todayInZone } from "../../../../shared/rules/dates.ts";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type FetchHandler, errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { userQueryKey } from "../../session/index.ts";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { nextWeekDay } from "../lib/day-choices.ts";
import { TaskFormDialog, type TaskFormDialogProps } from "./task-form-dialog.tsx";

const user = { id: "u1", name: "Ada", email: "ada@example.com", avatarUrl: null, timeZone: "Pacific/Kiritimati" };
const goal = (id: string, title: string): Goal => ({
  id,
  title,
  description: null,
  targetDate: null,
  status: "active",
  createdAt: "2026-11-01T08:00:00.000Z",
  updatedAt: "2026-11-01T08:00:00.000Z",
  completedTasksCount: 0,
  totalTasksCount: 0,
  progressPercentage: 0,
});
const goals = [goal("g1", "Ship the release"), goal("g2", "Learn Spanish")];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function withoutId({ id: _id, ...rest }: Record<string, unknown>) {
  return rest;
}

function server(overrides: Record<string, FetchHandler> = {}) {
  const sent: Sent[] = [];
  const routes: Record<string, FetchHandler> = {
    "GET /api/goals": () => jsonResponse(goals),
    "POST /api/tasks": (_url, init) => jsonResponse(makeTask(JSON.parse(String(init.body)) as Partial<Task>), 201),
    ...overrides,
  };
  mockFetch((url, init) => {
    const method = init.method ?? "GET";
    const path = url.replace(/^\/api\/tasks\/[^/?]+$/, "/api/tasks/:id");
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    // A create carries the id the client made for it, so that a repeat is one task.
    if (method === "POST" && url === "/api/tasks") expect(body?.id).toMatch(/^[0-9a-f-]{36}$/);
    if (method !== "GET") sent.push({ method, url, body: method === "POST" && body ? withoutId(body) : body });
    const handler = routes[`${method} ${path}`];
    return handler ? handler(url, init) : jsonResponse([]);
  });
  return sent;
}

function renderDialog(props: Partial<TaskFormDialogProps> = {}) {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  const onOpenChange = vi.fn();
  render(
    <AppProviders client={client}>
      <TaskFormDialog open onOpenChange={onOpenChange} {...props} />
    </AppProviders>,
  );
  return { client, onOpenChange };
}

const titleField = () => screen.getByLabelText(/^Task Title/);
const durationField = () => screen.getByLabelText(/^Estimated Duration/);

describe("TaskFormDialog in create mode", () => {
  it("requires a title: the message shows inline, nothing is sent, and typing clears it", async () => {
    const sent = server();
    renderDialog({ defaultDate: "2026-11-23" });
    const dialog = screen.getByRole("dialog", { name: "Create New Task" });

    await userEvent.click(within(dialog).getByRole("button", { name: "Create Task" }));
    expect(await within(dialog).findByText("Task title is required")).toBeInTheDocument();
    expect(titleField()).toHaveAttribute("aria-invalid", "true");
    expect(titleField()).toHaveFocus();

    await userEvent.type(titleField(), "   ");
    expect(within(dialog).queryByText("Task title is required")).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Task" }));
    expect(await within(dialog).findByText("Task title is required")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("sends the trimmed title, status todo, the default 30 minutes and the day, and nothing empty", async () => {
    const sent = server();
    const { onOpenChange } = renderDialog({ defaultDate: "2026-11-23" });
    expect(durationField()).toHaveValue(30);
    expect(durationField()).toHaveAttribute("min", "5");
    expect(durationField()).toHaveAttribute("max", "480");
    expect(durationField()).toHaveAttribute("step", "5");

    await userEvent.type(titleField(), "  Write the report  ");
    await userEvent.type(screen.getByLabelText("Description"), "   ");
    await userEvent.click(screen.getByRole("button", { name: "Create Task" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: "POST",
          url: "/api/tasks",
          body: { title: "Write the report", status: "todo", estimatedDuration: 30, date: "2026-11-23" },
        },
      ]),
    );
    expect(await screen.findByText("Task created successfully")).toBeInTheDocument();
  });

  it("sends every field that is filled in, with a quick pick as the estimate", async () => {
    const sent = server();
    renderDialog({ defaultDate: "2026-11-23" });
    await userEvent.type(titleField(), "Plan");
    await userEvent.type(screen.getByLabelText("Description"), " Pick stories ");
    await userEvent.selectOptions(
      await screen.findByLabelText("Associated Goal"),
      await screen.findByRole("option", { name: "Learn Spanish" }),
    );
    await userEvent.type(screen.getByLabelText("Scheduled Start Time"), "09:30");
    await userEvent.click(screen.getByRole("button", { name: "90m" }));
    expect(durationField()).toHaveValue(90);
    expect(screen.getByRole("button", { name: "90m" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "Create Task" }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      title: "Plan",
      description: "Pick stories",
      goalId: "g2",
      scheduledStartTime: "09:30",
      estimatedDuration: 90,
      status: "todo",
      date: "2026-11-23",
    });
  });

  it("falls back to 30 minutes when the duration field is not a number", async () => {
    const sent = server();
    renderDialog({ defaultDate: "2026-11-23" });
    await userEvent.type(titleField(), "A");
    await userEvent.clear(durationField());
    await userEvent.click(screen.getByRole("button", { name: "Create Task" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ estimatedDuration: 30 });
  });

  it("lists 'No goal' first, then the user's goals, with a goal preselected from a goal card", async () => {
    server();
    renderDialog({ defaultGoalId: "g1" });
    const select = screen.getByLabelText("Associated Goal");
    await within(select).findByRole("option", { name: "Ship the release" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["No goal", "Ship the release", "Learn Spanish"]);
    expect(select).toHaveValue("g1");
  });

  it("plans the task for the user's today (in their zone) when no day is given", async () => {
    const sent = server();
    renderDialog({ defaultGoalId: "g1" });
    await within(screen.getByLabelText("Associated Goal")).findByRole("option", { name: "Ship the release" });
    await userEvent.type(titleField(), "From a goal");
    await userEvent.click(screen.getByRole("button", { name: "Create Task" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ goalId: "g1", date: todayInZone(new Date(), "Pacific/Kiritimati") });
  });

  it("closes at once with the card shown while the create waits (offline, in the outbox)", async () => {
    server({ "POST /api/tasks": () => new Promise<Response>(() => undefined) });
    const { client, onOpenChange } = renderDialog({ defaultDate: "2026-11-23" });
    client.setQueryData(["tasks", "day", "2026-11-23"], []);
    await userEvent.type(titleField(), "Buy milk");
    await userEvent.click(screen.getByRole("button", { name: "Create Task" }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() =>
      expect(client.getQueryData<Task[]>(["tasks", "day", "2026-11-23"])?.map((task) => task.title)).toEqual(["Buy milk"]),
    );
  });

  it("takes the card away and raises 'Error: Failed to create task' when the server refuses the create", async () => {
    server({ "POST /api/tasks": () => errorResponse(404, "Goal not found") });
    const { client, onOpenChange } = renderDialog({ defaultDate: "2026-11-23" });
    client.setQueryData(["tasks", "day", "2026-11-23"], []);
    await userEvent.type(titleField(), "A");
    await userEvent.click(screen.getByRole("button", { name: "Create Task" }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(await screen.findByText("Failed to create task")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(client.getQueryData<Task[]>(["tasks", "day", "2026-11-23"])).toEqual([]);
  });
});

describe("TaskFormDialog in edit mode", () => {
  const task = makeTask({
    id: "t1",
    title: "Write",
    description: "Old notes",
    goalId: "g1",
    goalTitle: "Ship the release",
    scheduledStartTime: "08:15",
    estimatedDuration: 45,
  });

  it("starts from the task and sends the changed form, clearing what was emptied", async () => {
    const sent = server({ "PATCH /api/tasks/:id": () => jsonResponse({ ...task, title: "Write more" }) });
    const { onOpenChange } = renderDialog({ task });
    expect(screen.getByRole("dialog", { name: "Edit Task" })).toBeInTheDocument();
    expect(titleField()).toHaveValue("Write");
    expect(durationField()).toHaveValue(45);
    expect(screen.getByLabelText("Scheduled Start Time")).toHaveValue("08:15");

    await userEvent.clear(titleField());
    await userEvent.type(titleField(), "Write more");
    await userEvent.clear(screen.getByLabelText("Description"));
    await userEvent.selectOptions(screen.getByLabelText("Associated Goal"), "");
    await userEvent.click(screen.getByRole("button", { name: "Update Task" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([
      {
        method: "PATCH",
        url: "/api/tasks/t1",
        body: { title: "Write more", description: null, goalId: null },
      },
    ]);
    expect(await screen.findByText("Task updated successfully")).toBeInTheDocument();
  });

  it("sends nothing when nothing changed, and no estimate the task never had", async () => {
    const sent = server({ "PATCH /api/tasks/:id": () => jsonResponse(task) });
    const { onOpenChange } = renderDialog({ task: makeTask({ id: "t2", title: "Bare", estimatedDuration: null }) });
    expect(durationField()).toHaveValue(null);
    await userEvent.click(screen.getByRole("button", { name: "Update Task" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(await screen.findByText("Task updated successfully")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("closes at once, and raises 'Failed to update task' and puts the task back when the server refuses", async () => {
    server({ "PATCH /api/tasks/:id": () => errorResponse(500, "") });
    const { client, onOpenChange } = renderDialog({ task });
    client.setQueryData(["tasks", "day", task.date], [task]);
    await userEvent.clear(titleField());
    await userEvent.type(titleField(), "Rewrite");
    await userEvent.click(screen.getByRole("button", { name: "Update Task" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(await screen.findByText("Failed to update task", { selector: "div" })).toBeInTheDocument();
    expect(client.getQueryData<Task[]>(["tasks", "day", task.date])?.[0]?.title).toBe("Write");
  });
});

/** The dialog and overlay classes at the moment they close (jsdom runs no animation: they unmount at once either way). */
function closingClasses(): string[] {
  const closing: string[] = [];
  new MutationObserver((records) => {
    for (const { target } of records) {
      if (target instanceof HTMLElement && target.dataset.state === "closed") closing.push(target.className);
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
  return closing;
}

function ClosingDialog(props: Partial<TaskFormDialogProps>) {
  const [open, setOpen] = useState(true);
  return <TaskFormDialog open={open} onOpenChange={setOpen} {...props} />;
}

describe("TaskFormDialog's save (issue 56, item 21)", () => {
  const task = makeTask({ id: "t7", title: "Draft", date: "2026-11-30" });
  const never = () => new Promise<Response>(() => {});

  it("shows the change and leaves at once, with no exit animation over the board, while the server has not answered", async () => {
    server({ "PATCH /api/tasks/:id": never });
    const client = createQueryClient();
    client.setQueryData(userQueryKey, user);
    client.setQueryData(["tasks", "day", task.date], [task]);
    render(
      <AppProviders client={client}>
        <ClosingDialog task={task} />
      </AppProviders>,
    );
    await userEvent.clear(titleField());
    await userEvent.type(titleField(), "Final draft");
    const closing = closingClasses();
    await userEvent.click(screen.getByRole("button", { name: "Update Task" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(client.getQueryData<Task[]>(["tasks", "day", task.date])?.[0]?.title).toBe("Final draft"));
    expect(closing.length).toBeGreaterThanOrEqual(2);
    for (const className of closing) expect(className).toContain("data-[state=closed]:animate-none!");
  });

  it("still animates out when cancelled", async () => {
    server();
    render(
      <AppProviders client={createQueryClient()}>
        <ClosingDialog task={task} />
      </AppProviders>,
    );
    const closing = closingClasses();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(closing.length).toBeGreaterThanOrEqual(2));
    for (const className of closing) expect(className).not.toContain("animate-none");
  });

  it("leaves the series question and the dialog at once on 'This task'", async () => {
    server({ "PATCH /api/tasks/:id": never });
    render(
      <AppProviders client={createQueryClient()}>
        <ClosingDialog task={makeTask({ id: "t8", title: "Standup", date: "2026-11-30", recurrence: "FREQ=DAILY", seriesId: "s1" })} />
      </AppProviders>,
    );
    await userEvent.clear(titleField());
    await userEvent.type(titleField(), "Daily standup");
    await userEvent.click(screen.getByRole("button", { name: "Update Task" }));
    const closing = closingClasses();
    await userEvent.click(await screen.findByRole("button", { name: "This task" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(closing.length).toBeGreaterThanOrEqual(4);
    for (const className of closing) expect(className).toContain("data-[state=closed]:animate-none!");
  });
});

describe("TaskFormDialog's Date field", () => {
  it("creates the task for Next week from its quick pick", async () => {
    const sent = server();
    renderDialog({ defaultDate: "2026-12-05" });
    await userEvent.type(titleField(), "Plan the offsite");
    const next = screen.getByRole("button", { name: "Next week" });
    await userEvent.click(next);
    expect(next).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("Date")).toHaveValue(nextWeekDay(todayInZone(new Date(), user.timeZone)));
    await userEvent.click(screen.getByRole("button", { name: "Create Task" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ title: "Plan the offsite", date: nextWeekDay(todayInZone(new Date(), user.timeZone)) });
  });

  it("moves an edited task to no date, which it sends as null, and says where it will be listed", async () => {
    const sent = server({ "PATCH /api/tasks/:id": (url) => jsonResponse(makeTask({ id: url.split("/").pop()!, date: null })) });
    renderDialog({ task: makeTask({ id: "t5", title: "Someday", date: "2026-11-30" }) });
    expect(screen.getByLabelText("Date")).toHaveValue("2026-11-30");
    await userEvent.click(screen.getByRole("button", { name: "No date" }));
    expect(screen.getByLabelText("Date")).toHaveAccessibleDescription("No date: listed under Unscheduled in Future Tasks.");
    await userEvent.click(screen.getByRole("button", { name: "Update Task" }));
    await waitFor(() => expect(sent).toEqual([{ method: "PATCH", url: "/api/tasks/t5", body: { date: null } }]));
  });

  it("moves an occurrence of a series alone, without asking about the series", async () => {
    const sent = server({ "PATCH /api/tasks/:id": () => jsonResponse(makeTask({ id: "t6" })) });
    renderDialog({ task: makeTask({ id: "t6", title: "Standup", date: "2026-11-30", recurrence: "FREQ=DAILY", seriesId: "s1" }) });
    const field = screen.getByLabelText("Date");
    await userEvent.clear(field);
    await userEvent.type(field, "2026-12-03");
    expect(field).toHaveAccessibleDescription(/Only this occurrence moves\.$/);
    await userEvent.click(screen.getByRole("button", { name: "Update Task" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await waitFor(() => expect(sent).toEqual([{ method: "PATCH", url: "/api/tasks/t6", body: { date: "2026-12-03" } }]));
  });
});

describe("TaskFormDialog's Repeat field", () => {
  const repeatField = () => screen.getByLabelText("Repeat");

  it("offers the presets named after the task's day and sends the chosen rule", async () => {
    const sent = server();
    renderDialog({ defaultDate: "2026-11-30" });
    expect(
      within(repeatField())
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Does not repeat", "Every day", "Every weekday", "Every week on Monday", "Every month on the 30th", "Custom..."]);
    expect(repeatField()).toHaveValue("none");

    await userEvent.type(titleField(), "Gym");
    await userEvent.selectOptions(repeatField(), "weekly");
    await userEvent.click(screen.getByRole("button", { name: "Create Task" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ title: "Gym", date: "2026-11-30", recurrence: "FREQ=WEEKLY;BYDAY=MO" });
  });

  it("builds a custom rule: every 2 weeks on two days, ending after 6 times", async () => {
    const sent = server();
    renderDialog({ defaultDate: "2026-11-30" });
    await userEvent.type(titleField(), "Review");
    await userEvent.selectOptions(repeatField(), "custom");
    const editor = screen.getByRole("group", { name: "Custom repeat" });
    // Starts on the task's weekday.
    expect(within(editor).getByRole("button", { name: "Monday" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.clear(within(editor).getByLabelText("Every"));
    await userEvent.type(within(editor).getByLabelText("Every"), "2");
    await userEvent.selectOptions(within(editor).getByLabelText("Unit"), "WEEKLY");
    await userEvent.click(within(editor).getByRole("button", { name: "Thursday" }));
    await userEvent.click(within(editor).getByRole("radio", { name: "After" }));
    await userEvent.clear(within(editor).getByLabelText("Number of times"));
    await userEvent.type(within(editor).getByLabelText("Number of times"), "6");
    await userEvent.click(screen.getByRole("button", { name: "Create Task" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=6" });
  });

  it("names the series' first day in its toast when that is not the task's day", async () => {
    const sent = server();
    // A Friday; the series repeats on Tuesdays and Thursdays.
    renderDialog({ defaultDate: "2026-11-27" });
    await userEvent.type(titleField(), "Gym");
    await userEvent.selectOptions(repeatField(), "custom");
    const editor = screen.getByRole("group", { name: "Custom repeat" });
    for (const day of ["Tuesday", "Thursday", "Friday"]) await userEvent.click(within(editor).getByRole("button", { name: day }));
    await userEvent.click(screen.getByRole("button", { name: "Create Task" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ date: "2026-11-27", recurrence: "FREQ=WEEKLY;BYDAY=TU,TH" });
    expect(await screen.findByText("Every week on Tuesday and Thursday, first on Tuesday, Dec 1")).toBeInTheDocument();
  });

  it("refuses a custom rule it can not save, and sends nothing", async () => {
    const sent = server();
    renderDialog({ defaultDate: "2026-11-30" });
    await userEvent.type(titleField(), "Review");
    await userEvent.selectOptions(repeatField(), "custom");
    await userEvent.clear(screen.getByLabelText("Every"));
    await userEvent.click(screen.getByRole("button", { name: "Create Task" }));
    expect(await screen.findByText("Repeat every 1 to 99.")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("is disabled, with a hint, for an unscheduled task", () => {
    server();
    renderDialog({ task: makeTask({ id: "t3", date: null }) });
    expect(repeatField()).toBeDisabled();
    expect(repeatField()).toHaveAccessibleDescription("Plan the task for a day to repeat it.");
  });
});

describe("TaskFormDialog on an occurrence of a series", () => {
  const occurrence = makeTask({ id: "t9", title: "Standup", date: "2026-11-30", recurrence: "FREQ=DAILY", seriesId: "s1" });

  it("asks 'This task' or 'This and following' when a series field changed, and sends the scope", async () => {
    const sent = server({ "PATCH /api/tasks/:id": () => jsonResponse(occurrence) });
    const { onOpenChange } = renderDialog({ task: occurrence });
    expect(screen.getByLabelText("Repeat")).toHaveValue("daily");
    await userEvent.clear(titleField());
    await userEvent.type(titleField(), "Daily standup");
    await userEvent.click(screen.getByRole("button", { name: "Update Task" }));

    const question = await screen.findByRole("alertdialog", { name: "Edit repeating task" });
    expect(sent).toEqual([]);
    // Keyboard: Tab from Cancel reaches the two choices.
    expect(within(question).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(within(question).getByRole("button", { name: "This and following" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([{ method: "PATCH", url: "/api/tasks/t9", body: { title: "Daily standup", scope: "future" } }]);
  });

  it("sends scope 'this' for This task, and nothing when the question is cancelled", async () => {
    const sent = server({ "PATCH /api/tasks/:id": () => jsonResponse(occurrence) });
    renderDialog({ task: occurrence });
    await userEvent.selectOptions(screen.getByLabelText("Repeat"), "weekdays");
    await userEvent.click(screen.getByRole("button", { name: "Update Task" }));
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(sent).toEqual([]);
    expect(screen.getByRole("dialog", { name: "Edit Task" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Update Task" }));
    await userEvent.click(await screen.findByRole("button", { name: "This task" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", scope: "this" });
  });

  it("asks nothing when only the description changed", async () => {
    const sent = server({ "PATCH /api/tasks/:id": () => jsonResponse(occurrence) });
    renderDialog({ task: occurrence });
    await userEvent.type(screen.getByLabelText("Description"), "Notes");
    await userEvent.click(screen.getByRole("button", { name: "Update Task" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).not.toHaveProperty("scope");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });
});

function Reopenable({ tasks, onOpenChange }: { tasks: Task[]; onOpenChange?: (open: boolean) => void }) {
  const [form, setForm] = useState<{ open: boolean; task?: Task }>({ open: false });
  return (
    <>
      {tasks.map((task) => (
        <button key={task.id} type="button" onClick={() => setForm({ open: true, task })}>
          Open {task.title}
        </button>
      ))}
      <TaskFormDialog
        open={form.open}
        onOpenChange={(open) => {
          onOpenChange?.(open);
          setForm((current) => ({ ...current, open }));
        }}
        task={form.task}
      />
    </>
  );
}

describe("TaskFormDialog kept between opens (issue 56, item 12)", () => {
  const first = makeTask({ id: "k1", title: "Write", estimatedDuration: 45, date: "2026-11-30" });
  const second = makeTask({ id: "k2", title: "Read", estimatedDuration: 20, date: "2026-11-30" });

  it("reuses its form's DOM, and each open starts from the task it opens, with no error or draft left from before", async () => {
    server();
    const client = createQueryClient();
    client.setQueryData(userQueryKey, user);
    render(
      <AppProviders client={client}>
        <Reopenable tasks={[first, second]} />
      </AppProviders>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Open Write" }));
    const field = await screen.findByLabelText(/^Task Title/);
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole("button", { name: "Update Task" }));
    expect(await screen.findByText("Task title is required")).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await userEvent.click(screen.getByRole("button", { name: "Open Read" }));
    expect(await screen.findByRole("dialog", { name: "Edit Task" })).toBeInTheDocument();
    expect(titleField()).toBe(field);
    expect(titleField()).toHaveValue("Read");
    expect(durationField()).toHaveValue(20);
    expect(screen.queryByText("Task title is required")).toBeNull();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await userEvent.click(screen.getByRole("button", { name: "Open Write" }));
    await waitFor(() => expect(titleField()).toHaveValue("Write"));
    expect(durationField()).toHaveValue(45);
  });

  it("keeps the focus in the field being typed in when the page around re-renders it", async () => {
    server();
    const client = createQueryClient();
    client.setQueryData(userQueryKey, user);
    const view = render(
      <AppProviders client={client}>
        <TaskFormDialog open task={first} onOpenChange={() => {}} />
      </AppProviders>,
    );
    await userEvent.type(titleField(), " more");
    view.rerender(
      <AppProviders client={client}>
        <TaskFormDialog open task={first} onOpenChange={() => {}} />
      </AppProviders>,
    );
    expect(titleField()).toHaveFocus();
    await userEvent.keyboard("!");
    expect(titleField()).toHaveValue("Write more!");
  });

  it("says nothing when the task it last showed goes on another device while it is closed", async () => {
    server();
    const client = createQueryClient();
    client.setQueryData(userQueryKey, user);
    const other = { ...second, date: "2026-12-01" };
    const onOpenChange = vi.fn();
    client.setQueryData(["tasks", "day", first.date], [first]);
    client.setQueryData(["tasks", "day", other.date], [other]);
    render(
      <AppProviders client={client}>
        <Reopenable tasks={[first, other]} onOpenChange={onOpenChange} />
      </AppProviders>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Open Write" }));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    client.setQueryData(["tasks", "day", first.date], []);
    // Opened again after it: a close for the gone task would have come before.
    await userEvent.click(screen.getByRole("button", { name: "Open Read" }));
    expect(await screen.findByRole("dialog", { name: "Edit Task" })).toBeInTheDocument();
    expect(onOpenChange.mock.calls).toEqual([[false]]);
  });
});
