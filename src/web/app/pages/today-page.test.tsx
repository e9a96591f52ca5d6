import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Task } from "../../../shared/api/tasks.ts";
import { addDays, todayInZone } from "../../../shared/rules/dates.ts";
import { userQueryKey } from "../../features/session/index.ts";
import { makeTask } from "../../../shared/test/task-fixtures.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { type FetchHandler, deferred, errorResponse, jsonResponse, mockFetch } from "../../test/mock-fetch.ts";
import { AppProviders } from "../providers.tsx";
import { TodayPage } from "./today-page.tsx";

const timeZone = "Europe/Paris";
const user = { id: "u1", name: "Ada", email: "ada@example.com", avatarUrl: null, timeZone };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function server(day: Task[], stalled: Task[], overrides: Record<string, FetchHandler> = {}) {
  return mockFetch((url, init) => {
    const method = init.method ?? "GET";
    const path = url.split("?")[0]!.replace(/^\/api\/tasks\/(?!stalled|stats|future)[^/]+$/, "/api/tasks/:id");
    const routes: Record<string, FetchHandler> = {
      "GET /api/tasks": () => jsonResponse(day),
      "GET /api/tasks/stalled": () => jsonResponse(stalled),
      "GET /api/tasks/stats": () => jsonResponse({ totalTasks: day.length, rolledOver: 2, closed: false, movedOn: 0 }),
      "GET /api/goals": () => jsonResponse([]),
      ...overrides,
    };
    const handler = routes[`${method} ${path}`];
    return handler ? handler(url, init) : errorResponse(404, `No route ${method} ${url}`);
  });
}

function renderPage(route = "/") {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[route]}>
        <TodayPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return client;
}

const column = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}\\b`) });

describe("TodayPage", () => {
  it("shows three loading columns, then the empty day", async () => {
    server([], []);
    renderPage();
    // The board's status comes first; the sidebar's insight cards have their own.
    expect(screen.getAllByRole("status")[0]).toHaveTextContent("Loading tasks");
    expect(screen.getAllByRole("region")).toHaveLength(3);
    expect(await screen.findByRole("heading", { name: "Your day awaits" })).toBeInTheDocument();
    expect(screen.getByText("No tasks planned")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Today");
    expect(screen.getByText("0% complete")).toBeInTheDocument();
  });

  it("reads a closed day as the tasks planned that day, those rolled over from it included (issue 56)", async () => {
    const done = Array.from({ length: 4 }, (_, index) => makeTask({ title: `Done ${index}`, status: "done" }));
    server(done, [], { "GET /api/tasks/stats": () => jsonResponse({ totalTasks: 10, rolledOver: 0, closed: true, movedOn: 6 }) });
    renderPage();
    expect(await screen.findByText("(6 rolled over)", { exact: false })).toBeInTheDocument();
    expect(screen.getByText("4/10 completed")).toBeInTheDocument();
    expect(screen.getByText("40% complete")).toBeInTheDocument();
    // The Capacity card agrees with the counter.
    expect(screen.getByText("Total").nextElementSibling).toHaveTextContent("10");
    expect(screen.getByText("Progress").nextElementSibling).toHaveTextContent("40%");
    expect(screen.getByRole("button", { name: "End Day (0)" })).toBeInTheDocument();
  });

  it("says 'Failed to fetch tasks' with Try again when the day cannot load, and leaves no counter loading", async () => {
    let isDown = true;
    server([makeTask({ title: "Back again" })], [], {
      "GET /api/tasks": () => (isDown ? errorResponse(500, "Database unavailable") : jsonResponse([makeTask({ title: "Back again" })])),
    });
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to fetch tasks");
    expect(screen.queryByText(/completed$/)).not.toBeInTheDocument();
    expect(document.querySelector("h1")!.parentElement!.nextElementSibling!.querySelector(".animate-pulse")).toBeNull();
    isDown = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("0/1 completed")).toBeInTheDocument();
  });

  it("asks the server for the day in the address, and counts rolled-over tasks", async () => {
    const fetchMock = server([makeTask({ status: "done", date: "2026-11-20" }), makeTask({ date: "2026-11-20" })], []);
    renderPage("/?date=2026-11-20");
    expect(await screen.findByText(/1\/2 completed/)).toHaveTextContent("1/2 completed (2 rolled over)");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Fri, Nov 20");
    expect(screen.getByRole("button", { name: "Back to today" })).toBeInTheDocument();
    // The sidebar names the viewed day, not today.
    expect(screen.getByRole("heading", { name: "Progress for Fri, Nov 20" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Today's Progress" })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain("/api/tasks?date=2026-11-20");
  });

  it("opens the task's dialog from a reminder's link (?task=), once", async () => {
    const day = "2026-11-20";
    const task = makeTask({ title: "Write the report", date: day });
    server([task], []);
    renderPage(`/?date=${day}&task=${task.id}`);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByDisplayValue("Write the report")).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Fri, Nov 20");
  });

  it("opens the wrap-up of the viewed day from 'End Day (n)', n counting its incomplete tasks", async () => {
    const day = "2026-11-20";
    server(
      [makeTask({ status: "done", date: day }), makeTask({ title: "Left over", date: day }), makeTask({ status: "stalled", date: day })],
      [],
    );
    renderPage(`/?date=${day}`);
    const wrapUpButton = await screen.findByRole("button", { name: "End Day (2)" });
    await userEvent.click(wrapUpButton);
    const dialog = await screen.findByRole("dialog", { name: "Daily Wrap-up" });
    expect(dialog).toHaveAccessibleDescription("Friday, November 20, 2026");
    expect(dialog).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Smooth day" })).toHaveFocus();
    expect(within(dialog).getByText("Left over")).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(wrapUpButton).toHaveFocus();
  });

  it("does not offer End Day on a day to come, and says why", async () => {
    const tomorrow = addDays(todayInZone(new Date(), timeZone), 1);
    server([makeTask({ title: "Later", date: tomorrow })], []);
    renderPage(`/?date=${tomorrow}`);
    const wrapUpButton = await screen.findByRole("button", { name: "End Day (1)" });
    expect(wrapUpButton).toBeDisabled();
    expect(wrapUpButton).toHaveAccessibleDescription("This day has not begun: you can end it once it has.");
  });

  it("moves a stalled task at once when completed from the banner, and moves it back with a toast when the server refuses", async () => {
    const today = todayInZone(new Date(), timeZone);
    const stalled = makeTask({ title: "Fix the test", status: "stalled", date: today });
    const answer = deferred<Response>();
    const fetchMock = server([stalled], [stalled], { "PATCH /api/tasks/:id": () => answer.promise });
    renderPage();

    const banner = await screen.findByRole("region", { name: "1 stalled task" });
    expect(within(column("In Progress")).getByRole("button", { name: "Stalled - Click to resume" })).toBeInTheDocument();
    await userEvent.click(within(banner).getByRole("button", { name: "Complete" }));

    // Optimistic: in Done before the server answers.
    expect(await within(column("Done")).findByRole("article", { name: /Fix the test/ })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /stalled task/ })).not.toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init.method === "PATCH");
    expect(JSON.parse(String(patch?.[1].body))).toEqual({ status: "done" });

    answer.resolve(errorResponse(500, "Database unavailable"));
    expect(await screen.findByText("Failed to update task", { selector: "div" })).toBeInTheDocument();
    await waitFor(() => expect(within(column("In Progress")).getByRole("article", { name: /Fix the test/ })).toBeInTheDocument());
    expect(screen.getByRole("region", { name: "1 stalled task" })).toBeInTheDocument();
  });
});
