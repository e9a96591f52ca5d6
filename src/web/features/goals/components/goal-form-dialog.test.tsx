import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Goal } from "../../../../shared/api/goals.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { makeGoal } from "../test/goal-fixtures.ts";
import { GoalFormDialog } from "./goal-form-dialog.tsx";

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function renderDialog(goal?: Goal) {
  const queryClient = createQueryClient();
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <GoalFormDialog open onOpenChange={onOpenChange} goal={goal} />
    </QueryClientProvider>,
  );
  return { queryClient, onOpenChange, dialog: screen.getByRole("dialog") };
}

/** Answers every goal call with `answer` and records what was sent, a create's client-made id apart. */
function recordCalls(answer: (sent: Sent, id?: string) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    const { id, ...body } = typeof init.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    if (init.method === "POST") expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const call = { method: init.method ?? "GET", url, body: init.body === undefined ? undefined : body };
    sent.push(call);
    return answer(call, typeof id === "string" ? id : undefined);
  });
  return sent;
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("<GoalFormDialog /> creating", () => {
  it("requires a title: an inline message, nothing sent, and the message clears on typing", async () => {
    const user = userEvent.setup();
    const sent = recordCalls(() => jsonResponse(makeGoal(), 201));
    const { dialog, onOpenChange } = renderDialog();

    expect(within(dialog).getByRole("heading", { name: "Create New Goal" })).toBeInTheDocument();
    const title = within(dialog).getByRole("textbox", { name: "Goal Title" });
    expect(within(dialog).getByText("*")).toBeInTheDocument();
    await user.type(title, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Create Goal" }));

    expect(within(dialog).getByText("Goal title is required")).toBeInTheDocument();
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveAccessibleDescription("Goal title is required");
    expect(title).toHaveFocus();
    expect(sent).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.type(title, "R");
    expect(within(dialog).queryByText("Goal title is required")).not.toBeInTheDocument();
    expect(title).not.toHaveAttribute("aria-invalid");
  });

  it("sends the trimmed title and status active by default, leaving out the empty optional fields", async () => {
    const user = userEvent.setup();
    const sent = recordCalls(() => jsonResponse(makeGoal(), 201));
    const { dialog, onOpenChange } = renderDialog();

    expect(within(dialog).getByLabelText("Status")).toHaveValue("active");
    await user.type(within(dialog).getByRole("textbox", { name: "Goal Title" }), "  Learn Spanish  ");
    await user.type(within(dialog).getByLabelText("Description"), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Create Goal" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([{ method: "POST", url: "/api/goals", body: { title: "Learn Spanish", status: "active" } }]);
  });

  it("sends the description, target date and chosen status when given", async () => {
    const user = userEvent.setup();
    const sent = recordCalls(() => jsonResponse(makeGoal(), 201));
    const { dialog, onOpenChange } = renderDialog();

    await user.type(within(dialog).getByRole("textbox", { name: "Goal Title" }), "Learn Spanish");
    await user.type(within(dialog).getByLabelText("Description"), " B1 by summer ");
    await user.type(within(dialog).getByLabelText("Target Date"), "2026-07-01");
    await user.selectOptions(within(dialog).getByLabelText("Status"), "paused");
    await user.click(within(dialog).getByRole("button", { name: "Create Goal" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[0]?.body).toEqual({ title: "Learn Spanish", description: "B1 by summer", targetDate: "2026-07-01", status: "paused" });
  });

  it("refreshes the goal list and every task list after a change", async () => {
    const user = userEvent.setup();
    recordCalls((_sent, id) => jsonResponse(makeGoal({ id: id!, title: "Learn Spanish", totalTasksCount: 0 }), 201));
    const { dialog, queryClient, onOpenChange } = renderDialog();
    queryClient.setQueryData(["goals"], [makeGoal({ id: "old" })]);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");

    await user.type(within(dialog).getByRole("textbox", { name: "Goal Title" }), "Learn Spanish");
    await user.click(within(dialog).getByRole("button", { name: "Create Goal" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["goals"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["tasks"] });
    // The new goal is listed at once, newest first.
    expect(queryClient.getQueryData<Goal[]>(["goals"])?.map((goal) => goal.title)).toEqual([
      "Learn Spanish",
      makeGoal({ id: "old" }).title,
    ]);
  });

  it("closes at once and lists the new goal while the create waits (offline, in the outbox)", async () => {
    const user = userEvent.setup();
    recordCalls(() => new Promise<Response>(() => undefined));
    const { dialog, queryClient, onOpenChange } = renderDialog();
    queryClient.setQueryData(["goals"], []);

    await user.type(within(dialog).getByRole("textbox", { name: "Goal Title" }), "Run a 10k");
    await user.click(within(dialog).getByRole("button", { name: "Create Goal" }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(queryClient.getQueryData<Goal[]>(["goals"])?.map((goal) => goal.title)).toEqual(["Run a 10k"]));
  });

  it("takes the new goal away again and logs when the server refuses the create", async () => {
    const user = userEvent.setup();
    recordCalls(() => errorResponse(400, "body/targetDate must be a calendar date yyyy-MM-dd"));
    const { dialog, queryClient, onOpenChange } = renderDialog();
    queryClient.setQueryData(["goals"], []);

    await user.type(within(dialog).getByRole("textbox", { name: "Goal Title" }), "Learn Spanish");
    await user.click(within(dialog).getByRole("button", { name: "Create Goal" }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(console.error).toHaveBeenCalledWith("Failed to create goal", expect.any(Error)));
    expect(vi.mocked(console.error).mock.calls[0]?.[1]).toHaveProperty("message", "body/targetDate must be a calendar date yyyy-MM-dd");
    expect(queryClient.getQueryData<Goal[]>(["goals"])).toEqual([]);
  });
});

describe("<GoalFormDialog /> editing", () => {
  const goal = makeGoal({ id: "g 1", title: "Run a half marathon", description: "Train", targetDate: "2026-09-20", status: "paused" });

  it("starts from the goal's values and sends every field, cleared ones as null", async () => {
    const user = userEvent.setup();
    const sent = recordCalls(() => jsonResponse(goal));
    const { dialog, onOpenChange } = renderDialog(goal);

    expect(within(dialog).getByRole("heading", { name: "Edit Goal" })).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Goal Title" })).toHaveValue("Run a half marathon");
    expect(within(dialog).getByLabelText("Description")).toHaveValue("Train");
    expect(within(dialog).getByLabelText("Target Date")).toHaveValue("2026-09-20");
    expect(within(dialog).getByLabelText("Status")).toHaveValue("paused");

    await user.clear(within(dialog).getByLabelText("Description"));
    await user.clear(within(dialog).getByLabelText("Target Date"));
    await user.selectOptions(within(dialog).getByLabelText("Status"), "completed");
    await user.click(within(dialog).getByRole("button", { name: "Update Goal" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([
      {
        method: "PUT",
        url: "/api/goals/g%201",
        body: { title: "Run a half marathon", description: null, targetDate: null, status: "completed" },
      },
    ]);
  });

  it("closes at once, and puts the goal back and logs 'Failed to update goal' when the update is refused", async () => {
    const user = userEvent.setup();
    recordCalls(() => errorResponse(500, ""));
    const { dialog, queryClient, onOpenChange } = renderDialog(goal);
    queryClient.setQueryData(["goals"], [goal]);

    await user.clear(within(dialog).getByRole("textbox", { name: "Goal Title" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Goal Title" }), "Run a 10k");
    await user.click(within(dialog).getByRole("button", { name: "Update Goal" }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(console.error).toHaveBeenCalledWith("Failed to update goal", expect.any(Error)));
    expect(queryClient.getQueryData<Goal[]>(["goals"])?.[0]?.title).toBe("Run a half marathon");
  });

  it("deletes only after the confirmation", async () => {
    const user = userEvent.setup();
    const sent = recordCalls(() => jsonResponse({ ok: true }));
    const { dialog, onOpenChange } = renderDialog(goal);

    await user.click(within(dialog).getByRole("button", { name: "Delete Goal" }));
    let confirmation = await screen.findByRole("alertdialog");
    expect(confirmation).toHaveTextContent("Are you sure you want to delete this goal?");
    await user.click(within(confirmation).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete Goal" }));
    confirmation = await screen.findByRole("alertdialog");
    await user.click(within(confirmation).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([{ method: "DELETE", url: "/api/goals/g%201", body: undefined }]);
  });

  it("closes at once, and brings the goal back and logs 'Failed to delete goal' when the delete is refused", async () => {
    const user = userEvent.setup();
    recordCalls(() => new Response("", { status: 500, statusText: "Internal Server Error" }));
    const { queryClient, onOpenChange } = renderDialog(goal);
    queryClient.setQueryData(["goals"], [goal]);

    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete Goal" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(console.error).toHaveBeenCalledWith("Failed to delete goal", expect.any(Error)));
    expect(queryClient.getQueryData<Goal[]>(["goals"])).toEqual([goal]);
  });
});
