import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RolloverPreviewResponse, RolloverSummary } from "../../../../shared/api/rollover.ts";
import type { Task } from "../../../../shared/api/tasks.ts";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type FetchHandler, deferred, errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { userQueryKey } from "../../session/index.ts";
import { taskQueryKeys } from "../../tasks/index.ts";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { rolloverQueryKeys } from "../api/rollover-query-keys.ts";
import { WrapUpDialog } from "./wrap-up-dialog.tsx";

const date = "2026-11-23";
const user = { id: "u1", name: "Ada", email: "ada@example.com", avatarUrl: null, timeZone: "Europe/Paris" };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function summaryFor(overrides: Partial<RolloverSummary> = {}): RolloverSummary {
  return {
    id: "s1",
    date,
    rolledOverCount: 2,
    stalledCount: 1,
    deferredCount: 0,
    reviewCount: 0,
    taskIds: { rollover: [], stall: [], defer: [], review: [] },
    completedCount: 1,
    totalCount: 4,
    plannedMinutes: 120,
    actualMinutes: 30,
    reflectionReasons: [],
    createdAt: "2026-11-23T22:30:00.000Z",
    ...overrides,
  };
}

interface Sent {
  url: string;
  body: unknown;
}

function server(routes: Record<string, FetchHandler> = {}) {
  const sent: Sent[] = [];
  const fetchMock = mockFetch((url, init) => {
    const method = init.method ?? "GET";
    if (method !== "GET") sent.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const handler = routes[`${method} ${url.split("?")[0]}`];
    return handler ? handler(url, init) : errorResponse(404, `No route ${method} ${url}`);
  });
  return { sent, fetchMock };
}

function renderDialog(tasks: Task[], today = date) {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  const onOpenChange = vi.fn();
  render(
    <AppProviders client={client}>
      <WrapUpDialog open onOpenChange={onOpenChange} date={date} today={today} tasks={tasks} />
    </AppProviders>,
  );
  return { client, onOpenChange, dialog: screen.getByRole("dialog", { name: "Daily Wrap-up" }) };
}

const dayOfFive = () => [
  makeTask({ title: "Write report", status: "done", estimatedDuration: 60, trackedMinutes: 50, completedAt: "2026-11-23T10:00:00.000Z" }),
  makeTask({ title: "Plan sprint", estimatedDuration: null }),
  makeTask({ title: "Fix login", status: "inprogress", estimatedDuration: 90, trackedMinutes: 20 }),
  makeTask({ title: "Call Bob", status: "stalled", estimatedDuration: 30 }),
  makeTask({ title: "Refactor", estimatedDuration: 150 }),
];

describe("WrapUpDialog", () => {
  it("sums up the day: completed x/y and percent, actual against planned hours, the fixed +15%", () => {
    server();
    const { dialog } = renderDialog(dayOfFive());
    const summary = within(dialog).getByRole("region", { name: "Today's Summary" });
    // 1 of 5 done; planned 60 + 30 (no estimate) + 90 + 30 + 150 = 360 min = 6h; actual counts only completed tasks: 50 min.
    expect(within(summary).getByText("1/5")).toBeInTheDocument();
    expect(within(summary).getByText("20%")).toBeInTheDocument();
    expect(within(summary).getByText("0.8h")).toBeInTheDocument();
    expect(within(summary).getByText("of 6h planned")).toBeInTheDocument();
    expect(within(summary).getByText("+15%")).toBeInTheDocument();
  });

  it("asks for the day's summary by a query whose 'none' is an answer, not a 404 the browser logs", async () => {
    const { fetchMock } = server({ "GET /api/rollover/summary": () => jsonResponse({ summary: null }) });
    const { client, dialog } = renderDialog(dayOfFive());
    await waitFor(() => expect(client.getQueryState(rolloverQueryKeys.summary(date))?.status).toBe("success"));
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith("/api/rollover/summary"));
    expect(asked).toEqual([`/api/rollover/summary?date=${date}`]);
    expect(client.getQueryData(rolloverQueryKeys.summary(date))).toBeNull();
    expect(within(dialog).queryByText(/This day was completed/)).not.toBeInTheDocument();
    expect(within(within(dialog).getByRole("region", { name: "Today's Summary" })).getByText("1/5")).toBeInTheDocument();
  });

  it("lists the first 3 incomplete tasks, then '...and n more tasks'", () => {
    server();
    const { dialog } = renderDialog(dayOfFive());
    const rollover = within(dialog).getByRole("region", { name: "Rollover to tomorrow" });
    const items = within(rollover)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(items).toEqual(["Plan sprint", "Fix login", "Call Bob", "...and 1 more tasks"]);
  });

  it("says 'n of m steps' beside an unfinished task with some steps ticked, and nothing beside one with none", () => {
    server();
    const step = (id: string, done: boolean) => ({ id, title: id, done, position: 0 });
    const { dialog } = renderDialog([
      makeTask({ title: "Pack", checklist: [step("a", true), step("b", false), step("c", false)] }),
      makeTask({ title: "Shop", checklist: [step("d", false)] }),
    ]);
    const rollover = within(dialog).getByRole("region", { name: "Rollover to tomorrow" });
    expect(
      within(rollover)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Pack, 1 of 3 steps", "Shop"]);
  });

  it("offers the five reflection reasons as toggle buttons and sends the chosen ones with the day", async () => {
    const answer = deferred<Response>();
    const { sent } = server({ "POST /api/rollover/trigger": () => answer.promise });
    const { dialog, onOpenChange } = renderDialog(dayOfFive());
    const reasons = within(dialog).getByRole("group", { name: "What made today challenging?" });
    const buttons = within(reasons).getAllByRole("button");
    expect(buttons.map((button) => button.textContent)).toEqual([
      "Smooth day",
      "Bugs or blockers",
      "Interruptions",
      "Harder than expected",
      "Low energy",
    ]);
    for (const button of buttons) expect(button).toHaveAttribute("aria-pressed", "false");

    await userEvent.click(within(reasons).getByRole("button", { name: "Low energy" }));
    await userEvent.click(within(reasons).getByRole("button", { name: "Interruptions" }));
    await userEvent.click(within(reasons).getByRole("button", { name: "Smooth day" }));
    await userEvent.click(within(reasons).getByRole("button", { name: "Smooth day" }));
    expect(within(reasons).getByRole("button", { name: "Low energy" })).toHaveAttribute("aria-pressed", "true");
    expect(within(reasons).getByRole("button", { name: "Smooth day" })).toHaveAttribute("aria-pressed", "false");

    await userEvent.click(within(dialog).getByRole("button", { name: "Complete Day" }));
    const busy = within(dialog).getByRole("button", { name: "Processing..." });
    expect(busy).toBeDisabled();
    expect(sent).toEqual([{ url: "/api/rollover/trigger", body: { date, reflectionReasons: ["interruptions", "energy"] } }]);
    expect(onOpenChange).not.toHaveBeenCalled();

    answer.resolve(jsonResponse(summaryFor()));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("refreshes the task lists, the day stats and the rollover summaries after the rollover", async () => {
    server({ "POST /api/rollover/trigger": () => jsonResponse(summaryFor()) });
    const { client, dialog, onOpenChange } = renderDialog(dayOfFive());
    client.setQueryData(taskQueryKeys.day(date), []);
    client.setQueryData(taskQueryKeys.stats("2026-11-24"), { totalTasks: 0, rolledOver: 0 });
    client.setQueryData(taskQueryKeys.future("2026-11-24", "2026-12-23"), []);
    client.setQueryData(rolloverQueryKeys.summary("2026-11-22"), summaryFor({ date: "2026-11-22" }));

    await userEvent.click(within(dialog).getByRole("button", { name: "Complete Day" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    for (const key of [taskQueryKeys.day(date), taskQueryKeys.stats("2026-11-24"), taskQueryKeys.future("2026-11-24", "2026-12-23")]) {
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    }
    expect(client.getQueryState(rolloverQueryKeys.summary("2026-11-22"))?.isInvalidated).toBe(true);
    expect(client.getQueryData(rolloverQueryKeys.summary(date))).toMatchObject({ date, rolledOverCount: 2 });
  });

  it("previews each task's action as 'Roll over', 'Mark stalled', 'Defer', 'Skip' or 'Review needed'", async () => {
    const preview: RolloverPreviewResponse = {
      date,
      totalTasks: 5,
      tasks: [
        { id: "a", title: "Plan sprint", status: "todo", estimatedDuration: null, recommendedAction: "rollover" },
        { id: "b", title: "Fix login", status: "inprogress", estimatedDuration: 90, recommendedAction: "stall" },
        { id: "c", title: "Refactor", status: "todo", estimatedDuration: 150, recommendedAction: "defer" },
        { id: "d", title: "Call Bob", status: "todo", estimatedDuration: 30, recommendedAction: "review" },
        { id: "e", title: "Standup", status: "todo", estimatedDuration: 15, recommendedAction: "skip" },
      ],
    };
    const { sent } = server({ "POST /api/rollover/preview": () => jsonResponse(preview) });
    const { dialog } = renderDialog(dayOfFive());

    await userEvent.click(within(dialog).getByRole("button", { name: "Preview changes" }));
    const list = await within(dialog).findByRole("list", { name: "Preview" });
    const rows = within(list)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(rows).toEqual(["Plan sprintRoll over", "Fix loginMark stalled", "RefactorDefer", "Call BobReview needed", "StandupSkip"]);
    // The preview names every task, so the short list gives way to it.
    expect(within(dialog).queryByText("...and 1 more tasks")).not.toBeInTheDocument();
    expect(sent).toEqual([{ url: "/api/rollover/preview", body: { date } }]);
  });

  it("shows no preview and only logs when the preview fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    server({ "POST /api/rollover/preview": () => errorResponse(500, "Database unavailable") });
    const { dialog } = renderDialog(dayOfFive());

    await userEvent.click(within(dialog).getByRole("button", { name: "Preview changes" }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(within(dialog).getByRole("button", { name: "Preview changes" })).toBeEnabled();
    expect(within(dialog).queryByRole("list", { name: "Preview" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when the rollover fails, and logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    server({ "POST /api/rollover/trigger": () => errorResponse(409, "The day is still being closed") });
    const { dialog, onOpenChange } = renderDialog(dayOfFive());

    await userEvent.click(within(dialog).getByRole("button", { name: "Complete Day" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The day is still being closed");
    expect(logged).toHaveBeenCalledWith(
      "Failed to trigger rollover",
      expect.objectContaining({ message: "The day is still being closed" }),
    );
    expect(within(dialog).getByRole("button", { name: "Complete Day" })).toBeEnabled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("says 'Failed to trigger rollover' when the server gives no message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server({ "POST /api/rollover/trigger": () => new Response("", { status: 502, statusText: "Bad Gateway" }) });
    const { dialog, onOpenChange } = renderDialog(dayOfFive());

    await userEvent.click(within(dialog).getByRole("button", { name: "Complete Day" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Failed to trigger rollover");
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("reads 'All done!' when every task is done, with nothing to preview", async () => {
    const { sent } = server({ "POST /api/rollover/trigger": () => jsonResponse(summaryFor({ rolledOverCount: 0, stalledCount: 0 })) });
    const { dialog, onOpenChange } = renderDialog([makeTask({ status: "done", completedAt: "2026-11-23T10:00:00.000Z" })]);

    expect(within(dialog).queryByRole("button", { name: "Complete Day" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Preview changes" })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "All done!" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([{ url: "/api/rollover/trigger", body: { date, reflectionReasons: [] } }]);
  });

  it("says when the day was completed already, in the user's zone, with the figures and reasons it was rolled over with", async () => {
    server({ "GET /api/rollover/summary": () => jsonResponse({ summary: summaryFor({ reflectionReasons: ["energy"] }) }) });
    // What is left on the day once it was rolled over: its one done task (the others moved on).
    const { dialog } = renderDialog([makeTask({ status: "done", completedAt: "2026-11-23T10:00:00.000Z", estimatedDuration: 30 })]);
    expect(await within(dialog).findByText(/This day was completed at 11:30 PM/)).toHaveTextContent(
      "This day was completed at 11:30 PM; completing it again changes nothing.",
    );
    const summary = within(dialog).getByRole("region", { name: "Today's Summary" });
    expect(within(summary).getByText("1/4")).toBeInTheDocument();
    expect(within(summary).getByText("25%")).toBeInTheDocument();
    // Issue 56: the closed day says how many of its tasks moved on (2 rolled over, 1 stalled onto the next day).
    expect(within(summary).getByText("3 rolled over")).toBeInTheDocument();
    expect(within(summary).getByText("of 2h planned")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Low energy" })).toHaveAttribute("aria-pressed", "true");
    expect(within(dialog).getByRole("button", { name: "Smooth day" })).toHaveAttribute("aria-pressed", "false");
  });

  it("names the day it sums up when it is not today, and where its tasks move on to", () => {
    server();
    const { dialog } = renderDialog(dayOfFive(), "2026-11-24");
    expect(within(dialog).getByRole("region", { name: "Summary of Mon, Nov 23" })).toBeInTheDocument();
    expect(within(dialog).getByRole("group", { name: "What made this day challenging?" })).toBeInTheDocument();
    expect(within(dialog).getByRole("region", { name: "Rollover to today" })).toBeInTheDocument();
    expect(within(dialog).queryByText(/today's summary/i)).not.toBeInTheDocument();
  });

  it("on a rolled-over day, offers to move on only the unfinished tasks added since, and says what this rollover did", async () => {
    const kept = makeTask({ title: "Kept for review" });
    const added = makeTask({ title: "Added since" });
    const rolledOver = summaryFor({ rolledOverCount: 2, taskIds: { rollover: ["a", "b"], stall: [], defer: [], review: [kept.id] } });
    const { sent } = server({
      "GET /api/rollover/summary": () => jsonResponse({ summary: rolledOver }),
      "POST /api/rollover/trigger": () =>
        jsonResponse({ ...rolledOver, rolledOverCount: 3, taskIds: { ...rolledOver.taskIds, rollover: ["a", "b", added.id] } }),
    });
    const { dialog, onOpenChange } = renderDialog([kept, added], "2026-11-25");
    expect(await within(dialog).findByText(/This day was completed at/)).toHaveTextContent(
      "This day was completed at 11:30 PM; completing it again handles the 1 unfinished task added since.",
    );
    const rollover = within(dialog).getByRole("region", { name: "Rollover to Tue, Nov 24" });
    expect(
      within(rollover)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Added since"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Complete Day" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([{ url: "/api/rollover/trigger", body: { date, reflectionReasons: [] } }]);
    expect(await screen.findByText("1 rolled over.")).toBeInTheDocument();
  });

  it("offline, queues the rollover and says it waits, without a summary it does not have yet", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { sent } = server({ "POST /api/rollover/trigger": () => new Promise<Response>(() => undefined) });
    const { client, dialog, onOpenChange } = renderDialog(dayOfFive());
    await userEvent.click(within(dialog).getByRole("button", { name: "Complete Day" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(await screen.findByText("Wrap-up waiting to sync")).toBeInTheDocument();
    expect(screen.getByText("Monday, Nov 23 is completed once you are back online.")).toBeInTheDocument();
    expect(screen.queryByText("Day completed")).not.toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ url: "/api/rollover/trigger", body: { date, reflectionReasons: [] } }]));
    expect(client.getQueryData(rolloverQueryKeys.summary(date))).toBeUndefined();
  });

  it("closes without rolling over the day on 'Skip for now'", async () => {
    const { sent } = server();
    const { dialog, onOpenChange } = renderDialog(dayOfFive());
    expect(within(dialog).queryByText(/This day was completed/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Skip for now" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(sent).toEqual([]);
  });
});
