import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Task } from "../../../../shared/api/tasks.ts";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { userQueryKey } from "../../session/index.ts";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { QUICK_ADD_NO_TITLE, QuickAdd } from "./quick-add.tsx";
import { makeGoal } from "../../goals/test/goal-fixtures.ts";

const user = { id: "u1", name: "Ada", email: "ada@example.com", avatarUrl: null, timeZone: "UTC" };
const launch = makeGoal({ id: "g-launch", title: "Launch", description: null, targetDate: null });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setUp(createAnswer?: () => Response | Promise<Response>, viewedDate = "2026-11-24") {
  const created: unknown[] = [];
  mockFetch((url, init) => {
    if (url === "/api/goals") return jsonResponse([launch]);
    if (url === "/api/tasks" && init.method === "POST") {
      const { id, ...body } = JSON.parse(String(init.body)) as Partial<Task>;
      // The client makes the id, so that a create sent twice is one task.
      expect(id).toMatch(UUID);
      created.push(body);
      return createAnswer?.() ?? jsonResponse(makeTask({ ...body, ...(id ? { id } : {}) }), 201);
    }
    return jsonResponse([]);
  });
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  render(
    <AppProviders client={client}>
      <QuickAdd viewedDate={viewedDate} today="2026-11-24" />
    </AppProviders>,
  );
  return { created, field: screen.getByRole("textbox", { name: "Quick add a task" }) };
}

describe("QuickAdd", () => {
  it("previews what it understood and creates the task with it on Enter", async () => {
    const { created, field } = setUp();
    await screen.findByText(/Enter adds the task/);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith("/api/goals", expect.anything()));
    await userEvent.type(field, "Write the report 45m tomorrow 9am #Launch");

    const preview = screen.getByTestId("quick-add-preview");
    expect(preview).toHaveTextContent("Title Write the report");
    expect(preview).toHaveTextContent("Day Tomorrow");
    expect(preview).toHaveTextContent("Start 9:00 AM");
    expect(preview).toHaveTextContent("Estimate 45 min");
    expect(preview).toHaveTextContent("Goal Launch");

    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(field).toHaveValue(""));
    await waitFor(() =>
      expect(created).toEqual([
        { title: "Write the report", date: "2026-11-25", estimatedDuration: 45, scheduledStartTime: "09:00", goalId: "g-launch" },
      ]),
    );
  });

  it("reads a repeat, previews it in words and starts the series on its first day", async () => {
    const { created, field } = setUp();
    await userEvent.type(field, "Gym every monday and thursday 7am");
    const preview = screen.getByTestId("quick-add-preview");
    expect(preview).toHaveTextContent("Title Gym");
    expect(preview).toHaveTextContent("Day Thursday");
    expect(preview).toHaveTextContent("Repeats Every week on Monday and Thursday");
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ title: "Gym", date: "2026-11-26", recurrence: "FREQ=WEEKLY;BYDAY=MO,TH", scheduledStartTime: "07:00" });
  });

  it("keeps the words of a title, shows each part it read as a chip, and gives a chip's words back to the title", async () => {
    const { created, field } = setUp();
    await userEvent.type(field, "Weekly review 30m");
    const preview = screen.getByTestId("quick-add-preview");
    expect(preview).toHaveTextContent("Title Weekly review");
    expect(preview).not.toHaveTextContent("Repeats");
    expect(screen.getAllByRole("button", { name: /in the title$/ }).map((button) => button.getAttribute("aria-label"))).toEqual([
      "Keep “30m” in the title",
    ]);

    await userEvent.clear(field);
    await userEvent.type(field, "Pay rent tomorrow 9am");
    expect(preview).toHaveTextContent("Day Tomorrow");
    await userEvent.click(screen.getByRole("button", { name: "Keep “tomorrow” in the title" }));
    expect(field).toHaveFocus();
    expect(preview).toHaveTextContent("Title Pay rent tomorrow");
    expect(preview).toHaveTextContent("Day Today");
    expect(screen.queryByRole("button", { name: "Keep “tomorrow” in the title" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Keep “9am” in the title" })).toBeInTheDocument();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(created).toEqual([{ title: "Pay rent tomorrow", date: "2026-11-24", scheduledStartTime: "09:00" }]));

    // The next line starts with nothing taken back, as does a line emptied by hand.
    await userEvent.type(field, "Pay rent tomorrow");
    expect(preview).toHaveTextContent("Day Tomorrow");
    await userEvent.click(screen.getByRole("button", { name: "Keep “tomorrow” in the title" }));
    await userEvent.clear(field);
    await userEvent.type(field, "Pay rent tomorrow");
    expect(screen.getByTestId("quick-add-preview")).toHaveTextContent("Day Tomorrow");
  });

  it("names the first day of a series that does not start on the board's day in its toast", async () => {
    // Friday 27 November: the series' first day is the Tuesday after.
    const { created, field } = setUp(undefined, "2026-11-27");
    await userEvent.type(field, "Gym every tue and thu{Enter}");
    await waitFor(() => expect(created).toEqual([{ title: "Gym", date: "2026-12-01", recurrence: "FREQ=WEEKLY;BYDAY=TU,TH" }]));
    expect(await screen.findByText(/Gym.* · Every week on Tuesday and Thursday, first on Tuesday, Dec 1$/)).toBeInTheDocument();
  });

  it("puts a line without a day on the board's day, and 'someday' unscheduled", async () => {
    const { created, field } = setUp();
    await userEvent.type(field, "Call Anna{Enter}");
    await waitFor(() => expect(created).toHaveLength(1));
    await waitFor(() => expect(field).toHaveValue(""));
    await userEvent.type(field, "Sort photos someday{Enter}");
    await waitFor(() => expect(created).toHaveLength(2));
    expect(created).toEqual([
      { title: "Call Anna", date: "2026-11-24" },
      { title: "Sort photos", date: null },
    ]);
  });

  it("sends nothing without a title, and says why", async () => {
    const { created, field } = setUp();
    await userEvent.type(field, "tomorrow 30m{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent(QUICK_ADD_NO_TITLE);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(created).toEqual([]);
    await userEvent.type(field, " Stretch");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("gives the line back with the server's message when the create is refused", async () => {
    const { field } = setUp(() => errorResponse(400, "title: must be at most 200 characters"));
    await userEvent.type(field, "Plan the offsite{Enter}");
    expect(await screen.findByText("title: must be at most 200 characters")).toBeInTheDocument();
    expect(field).toHaveValue("Plan the offsite");
  });

  it("clears at once while the create waits (offline, in the outbox), and takes the next line meanwhile", async () => {
    const { created, field } = setUp(() => new Promise<Response>(() => undefined));
    await userEvent.type(field, "Call Anna{Enter}");
    expect(field).toHaveValue("");
    expect(screen.queryByLabelText("Adding the task")).not.toBeInTheDocument();
    await userEvent.type(field, "Sort photos{Enter}");
    expect(field).toHaveValue("");
    await waitFor(() => expect(created).toHaveLength(2));
  });

  it("says what it could not use, and warns of a day in the past", async () => {
    const { field } = setUp();
    await userEvent.type(field, "Deep work 600m 2027-02-30");
    const preview = screen.getByTestId("quick-add-preview");
    expect(preview).toHaveTextContent("Title Deep work 600m 2027-02-30");
    expect(preview).toHaveTextContent("Not used: 600m (over 8 h: at most 480 min)");
    expect(preview).toHaveTextContent("Not used: 2027-02-30 (no such day)");
    expect(preview).not.toHaveTextContent("in the past");

    await userEvent.clear(field);
    await userEvent.type(field, "Call Anna 2026-11-20");
    expect(preview).toHaveTextContent("Day Nov 20");
    expect(preview).toHaveTextContent("Nov 20 is in the past");
    await userEvent.clear(field);
    await userEvent.type(field, "Call Anna tomorrow");
    expect(preview).not.toHaveTextContent("in the past");
  });

  it("warns when a line without a day goes on a past day the board shows", async () => {
    const { field } = setUp(undefined, "2026-11-23");
    await userEvent.type(field, "Call Anna");
    expect(screen.getByTestId("quick-add-preview")).toHaveTextContent("Nov 23 is in the past");
  });

  it("clears the line on Escape", async () => {
    const { field } = setUp();
    await userEvent.type(field, "Something{Escape}");
    expect(field).toHaveValue("");
  });
});
