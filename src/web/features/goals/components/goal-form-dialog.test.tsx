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

/** Answers every goal call with `answer` and records what was sent. */
function recordCalls(answer: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    const call = { method: init.method ?? "GET", url, body: typeof init.body === "string" ? JSON.parse(init.body) : undefined };
    sent.push(call);
    return answer(call);
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
    recordCalls(() => jsonResponse(makeGoal({ id: "new", title: "Learn Spanish" }), 201));
    const { dialog, queryClient, onOpenChange } = renderDialog();
    queryClient.setQueryData(["goals"], [makeGoal({ id: "old" })]);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");

    await user.type(within(dialog).getByRole("textbox", { name: "Goal Title" }), "Learn Spanish");
    await user.click(within(dialog).getByRole("button", { name: "Create Goal" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["goals"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["tasks"] });
    // The new goal is listed at once, newest first.
    expect(queryClient.getQueryData<Goal[]>(["goals"])?.map((goal) => goal.id)).toEqual(["new", "old"]);
  });

  it("stays open on a failed save and shows the server's message inside the dialog, logged", async () => {
    const user = userEvent.setup();
    recordCalls(() => errorResponse(400, "body/targetDate must be a calendar date yyyy-MM-dd"));
    const { dialog, onOpenChange } = renderDialog();

    await user.type(within(dialog).getByRole("textbox", { name: "Goal Title" }), "Learn Spanish");
    await user.click(within(dialog).getByRole("button", { name: "Create Goal" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("body/targetDate must be a calendar date yyyy-MM-dd");
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith("Failed to create goal", expect.any(Error));
    expect(within(dialog).getByRole("textbox", { name: "Goal Title" })).toHaveValue("Learn Spanish");
    expect(within(dialog).getByRole("button", { name: "Create Goal" })).toBeEnabled();
  });

  it("falls back to 'Failed to create goal' when the server gives no message", async () => {
    const user = userEvent.setup();
    recordCalls(() => new Response("Bad Gateway", { status: 502 }));
    const { dialog, onOpenChange } = renderDialog();

    await user.type(within(dialog).getByRole("textbox", { name: "Goal Title" }), "Learn Spanish");
    await user.click(within(dialog).getByRole("button", { name: "Create Goal" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Failed to create goal");
    expect(onOpenChange).not.toHaveBeenCalled();
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

  it("stays open on a failed update with 'Failed to update goal'", async () => {
    const user = userEvent.setup();
    recordCalls(() => {
      throw new TypeError("Failed to fetch");
    });
    const { dialog, onOpenChange } = renderDialog(goal);

    await user.click(within(dialog).getByRole("button", { name: "Update Goal" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Failed to update goal");
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith("Failed to update goal", expect.any(Error));
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

  it("stays open on a failed delete and shows the error inside the dialog", async () => {
    const user = userEvent.setup();
    recordCalls(() => new Response("", { status: 500, statusText: "Internal Server Error" }));
    const { onOpenChange } = renderDialog(goal);

    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete Goal" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));

    const dialog = screen.getByRole("dialog");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Failed to delete goal");
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith("Failed to delete goal", expect.any(Error));
  });
});
