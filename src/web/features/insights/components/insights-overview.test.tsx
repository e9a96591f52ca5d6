import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WeeklySummary } from "../../../../shared/api/insights.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { InsightsOverview } from "./insights-overview.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function summary(weekStartDate: string, tasksCompleted: number, overrides: Partial<WeeklySummary> = {}): WeeklySummary {
  return {
    id: `s-${weekStartDate}`,
    weekStartDate,
    tasksTotal: 10,
    tasksCompleted,
    goalsProgressed: 2,
    insights: [
      { type: "achievement", title: "Strong week", description: "Most done." },
      { type: "pattern", title: "Tuesday was your most productive day", description: "4 on Tuesday." },
      { type: "warning", title: "3 tasks keep getting carried over", description: "Break them down." },
    ],
    summary: { text: `Summary of ${weekStartDate}`, generatedAt: "2026-11-23T06:00:00.000Z" },
    viewed: false,
    createdAt: "2026-11-23T06:00:00.000Z",
    ...overrides,
  };
}

describe("InsightsOverview", () => {
  it("shows the placeholders and each summary card: Latest, unread dot, range, %, goals, insights, 2 key insights", async () => {
    mockFetch(() => jsonResponse([summary("2026-11-16", 8), summary("2026-11-09", 5, { viewed: true }), summary("2026-11-02", 3)]));
    renderWithApp(<InsightsOverview />);
    expect(screen.getByRole("heading", { level: 1, name: "Insights" })).toBeInTheDocument();
    for (const text of [
      "Quick Stats",
      "Stats Coming Soon",
      "Pattern Recognition",
      "AI Patterns Coming Soon",
      "Phase 2",
      "Achievements",
      "Achievements Coming Soon",
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    const cards = (await screen.findByRole("list", { name: "Weekly summaries" })).querySelectorAll(":scope > li");
    expect(cards).toHaveLength(3);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText("Latest")).toBeInTheDocument();
    expect(first.getByRole("img", { name: "Unread" })).toBeInTheDocument();
    expect(first.getByRole("heading", { name: /Nov 16 – Nov 22, 2026/ })).toBeInTheDocument();
    expect(first.getByText("80%")).toHaveClass("text-green-700");
    expect(first.getByText("Strong week")).toBeInTheDocument();
    expect(first.getByText("Tuesday was your most productive day")).toBeInTheDocument();
    expect(first.queryByText("3 tasks keep getting carried over")).not.toBeInTheDocument();
    expect(first.getByRole("button", { name: /^View Summary/ })).toBeInTheDocument();
    expect(first.getByText(/^Generated /)).toBeInTheDocument();
    const second = within(cards[1] as HTMLElement);
    expect(second.queryByText("Latest")).not.toBeInTheDocument();
    expect(second.queryByRole("img", { name: "Unread" })).not.toBeInTheDocument();
    expect(second.getByText("50%")).toHaveClass("text-amber-800");
    expect(second.getByRole("button", { name: /^View Details/ })).toBeInTheDocument();
    expect(within(cards[2] as HTMLElement).getByText("30%")).toHaveClass("text-red-700");
  });

  it("marks a summary viewed on opening and on each step of the dialog, at once", async () => {
    const fetchMock = mockFetch((url, init) =>
      init.method === "PATCH"
        ? jsonResponse(summary("2026-11-16", 8, { viewed: true }))
        : jsonResponse([summary("2026-11-16", 8), summary("2026-11-09", 5), summary("2026-11-02", 3)]),
    );
    renderWithApp(<InsightsOverview />);
    const list = await screen.findByRole("list", { name: "Weekly summaries" });
    await userEvent.click(within(list).getAllByRole("button", { name: /^View Summary/ })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Weekly Summary" });
    expect(within(dialog).getByText("1 of 3")).toBeInTheDocument();
    expect(within(dialog).getByText("Summary of 2026-11-16")).toBeInTheDocument();
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(3);
    expect(within(dialog).getByText("Warning")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Previous" })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(within(dialog).getByText("2 of 3")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: /^Week of Nov 2/ }));
    expect(within(dialog).getByText("3 of 3")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Next" })).toBeDisabled();

    const patched = () => fetchMock.mock.calls.filter(([, init]) => init.method === "PATCH").map(([url]) => url);
    await waitFor(() =>
      expect(patched()).toEqual([
        "/api/weekly-summaries/s-2026-11-16/viewed",
        "/api/weekly-summaries/s-2026-11-09/viewed",
        "/api/weekly-summaries/s-2026-11-02/viewed",
      ]),
    );
    expect(within(list).queryAllByRole("img", { name: "Unread" })).toHaveLength(0);
    // Going back to a viewed one calls nothing more.
    await userEvent.click(within(dialog).getByRole("button", { name: "Previous" }));
    expect(patched()).toHaveLength(3);
  });

  it("generates this week's summary and reloads the list", async () => {
    let generated = false;
    const fetchMock = mockFetch((url, init) => {
      if (init.method === "POST") {
        generated = true;
        return jsonResponse(summary("2026-11-23", 1));
      }
      return jsonResponse(generated ? [summary("2026-11-23", 1)] : []);
    });
    renderWithApp(<InsightsOverview />);
    expect(await screen.findByText("No weekly summaries yet")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Generate This Week" }));
    expect(await screen.findByText("Summary of 2026-11-23")).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init.method === "POST")!;
    expect(post[0]).toBe("/api/weekly-summaries/generate");
    expect(new Headers(post[1].headers).get("Content-Type")).toBe("application/json");
  });

  it("shows the red alerts of section 8", async () => {
    mockFetch((url, init) =>
      init.method === "POST" ? errorResponse(500, "Failed to generate weekly summary") : errorResponse(500, "boom"),
    );
    renderWithApp(<InsightsOverview />);
    const load = await screen.findByRole("alert");
    expect(load).toHaveTextContent("Failed to load summaries");
    expect(load).toHaveTextContent("Failed to fetch weekly summaries");
    await userEvent.click(screen.getByRole("button", { name: "Generate This Week" }));
    await waitFor(() => expect(screen.getAllByRole("alert")).toHaveLength(2));
    expect(screen.getAllByRole("alert")[1]).toHaveTextContent(/Failed to generate summary.*Failed to generate weekly summary/);
  });
});
