import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client.ts";
import { deferred, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { makeGoal } from "../test/goal-fixtures.ts";
import { GoalsOverview } from "./goals-overview.tsx";

function renderOverview(onAddTask = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GoalsOverview timeZone="UTC" onAddTask={onAddTask} onBreakDown={vi.fn()} />
    </QueryClientProvider>,
  );
  return { onAddTask };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("<GoalsOverview />", () => {
  it("shows card-shaped skeletons while loading, then the goals with the counts", async () => {
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    const { onAddTask } = renderOverview();

    expect(screen.getByRole("status")).toHaveTextContent("Loading goals");
    expect(screen.getByRole("heading", { level: 1, name: "Goals" })).toBeInTheDocument();

    const goals = [
      makeGoal({ id: "a", title: "Learn Spanish" }),
      makeGoal({ id: "b", title: "Read 12 books", status: "paused" }),
      makeGoal({ id: "c", title: "Run a half marathon" }),
    ];
    answer.resolve(jsonResponse(goals));

    const list = await screen.findByRole("list", { name: "Goals" });
    expect(
      within(list)
        .getAllByRole("heading", { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(["Learn Spanish", "Read 12 books", "Run a half marathon"]);
    expect(screen.getByText("3 goals · 2 active")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();

    await userEvent.setup().click(within(screen.getByRole("article", { name: "Read 12 books" })).getByRole("button", { name: "Add Task" }));
    expect(onAddTask).toHaveBeenCalledWith(goals[1]);
  });

  it("says 'No goals yet' and opens the form from 'Create Your First Goal'", async () => {
    mockFetch(() => jsonResponse([]));
    const user = userEvent.setup();
    renderOverview();

    expect(await screen.findByRole("heading", { level: 2, name: "No goals yet" })).toBeInTheDocument();
    expect(screen.getByText("0 goals · 0 active")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create Your First Goal" }));
    expect(within(await screen.findByRole("dialog")).getByRole("heading", { name: "Create New Goal" })).toBeInTheDocument();
  });

  it("opens the form with the card's goal from 'Edit', and an empty one from 'New Goal'", async () => {
    mockFetch(() => jsonResponse([makeGoal({ title: "Learn Spanish" })]));
    const user = userEvent.setup();
    renderOverview();

    await user.click(within(await screen.findByRole("article", { name: "Learn Spanish" })).getByRole("button", { name: "Edit" }));
    // The form loads on first open (decision 013).
    let dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Edit Goal" })).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Goal Title" })).toHaveValue("Learn Spanish");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "New Goal" }));
    dialog = screen.getByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Create New Goal" })).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Goal Title" })).toHaveValue("");
  });

  it("moves focus to a neighbouring card when the edited goal is deleted", async () => {
    let goals = [makeGoal({ id: "a", title: "Learn Spanish" }), makeGoal({ id: "b", title: "Read 12 books" })];
    mockFetch((url, init) => {
      if (init.method === "DELETE") {
        goals = goals.filter((goal) => !url.endsWith(`/${goal.id}`));
        return new Response(null, { status: 204 });
      }
      return jsonResponse(goals);
    });
    const user = userEvent.setup();
    renderOverview();

    const remove = async (title: string) => {
      await user.click(within(await screen.findByRole("article", { name: title })).getByRole("button", { name: "Edit" }));
      await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete Goal" }));
      await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
      await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    };
    await remove("Learn Spanish");
    await vi.waitFor(() => expect(screen.getByRole("article", { name: "Read 12 books" })).toHaveFocus());
    await remove("Read 12 books");
    expect(await screen.findByRole("heading", { level: 2, name: "No goals yet" })).toBeInTheDocument();
  });

  it("reads 'Failed to fetch goals' with a retry that loads them", async () => {
    let isFailing = true;
    const fetchMock = mockFetch(() =>
      isFailing ? new Response("", { status: 500 }) : jsonResponse([makeGoal({ title: "Learn Spanish" })]),
    );
    const user = userEvent.setup();
    renderOverview();

    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch goals");
    isFailing = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));

    expect(await screen.findByRole("article", { name: "Learn Spanish" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
