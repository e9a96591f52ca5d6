import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DailyInsight } from "../../../../shared/api/insights.ts";
import { deferred, errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { refreshDependents } from "../../../lib/query-dependents.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { DailyInsightsCard } from "./daily-insights-card.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const insight = (title: string, priority: DailyInsight["priority"], type: DailyInsight["type"] = "warning"): DailyInsight => ({
  type,
  title,
  description: `About ${title}`,
  priority,
});

function server(answer: () => Response | Promise<Response>) {
  return mockFetch((url, init) => {
    if ((init.method ?? "GET") === "GET" && url.startsWith("/api/ai/insights?date=")) return answer();
    if (init.method === "PATCH" && url.startsWith("/api/ai/insights/")) return jsonResponse({ insights: [], viewed: true });
    return errorResponse(404, `No route ${url}`);
  });
}

describe("DailyInsightsCard", () => {
  it("shows 3 insights, high priority first, '+n more', and the blue dot until they are opened", async () => {
    const insights = [
      insight("Low one", "low", "pattern"),
      insight("Medium one", "medium"),
      insight("High one", "high"),
      insight("Medium two", "medium"),
      insight("High two", "high"),
    ];
    const fetchMock = server(() => jsonResponse({ insights, viewed: false }));
    renderWithApp(<DailyInsightsCard date="2026-11-20" isToday />);
    const list = await screen.findByRole("list", { name: "Daily insights" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.querySelector("h4")?.textContent),
    ).toEqual(["Warning, high priority: High one", "Warning, high priority: High two", "Warning: Medium one"]);
    expect(screen.getByRole("img", { name: "New insights" })).toBeInTheDocument();
    const link = screen.getByRole("link", { name: /View All Insights/ });
    expect(link).toHaveAttribute("href", "/insights");
    expect(link).toHaveAttribute("target", "_blank");

    await userEvent.click(screen.getByRole("button", { name: "+2 more insights" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(5);
    expect(screen.queryByRole("img", { name: "New insights" })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => init.method === "PATCH" && url === "/api/ai/insights/2026-11-20/viewed")).toBe(
        true,
      ),
    );
  });

  it("has no dot once viewed, and no '+n more' with 3 or fewer", async () => {
    server(() => jsonResponse({ insights: [insight("Only", "medium")], viewed: true }));
    renderWithApp(<DailyInsightsCard date="2026-11-20" isToday />);
    expect(await screen.findByText("Only")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "New insights" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /more insight/ })).not.toBeInTheDocument();
  });

  it("offers Refresh only for today when empty, with each day's empty text", async () => {
    const fetchMock = server(() => jsonResponse({ insights: [], viewed: false }));
    const { unmount } = renderWithApp(<DailyInsightsCard date="2026-11-20" isToday />);
    expect(await screen.findByText("Complete tasks to get insights")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url.startsWith("/api/ai/insights?")).length).toBe(2));
    unmount();

    renderWithApp(<DailyInsightsCard date="2026-11-19" isToday={false} />);
    expect(await screen.findByText("No insights for this day")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Refresh" })).not.toBeInTheDocument();
  });

  it("falls back to the empty state when the fetch fails, and treats a 404 as empty", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    server(() => errorResponse(500, "boom"));
    const { unmount } = renderWithApp(<DailyInsightsCard date="2026-11-20" isToday />);
    expect(await screen.findByText("Complete tasks to get insights")).toBeInTheDocument();
    unmount();
    server(() => errorResponse(404, "not found"));
    renderWithApp(<DailyInsightsCard date="2026-11-19" isToday={false} />);
    expect(await screen.findByText("No insights for this day")).toBeInTheDocument();
  });

  it("fetches again when a task changes, keeping the list shown meanwhile", async () => {
    const second = deferred<Response>();
    let calls = 0;
    server(() => (calls++ === 0 ? jsonResponse({ insights: [insight("Before", "medium")], viewed: false }) : second.promise));
    const { client } = renderWithApp(<DailyInsightsCard date="2026-11-20" isToday />);
    expect(await screen.findByText("Before")).toBeInTheDocument();
    void refreshDependents(client, ["tasks"]);
    await waitFor(() => expect(calls).toBe(2));
    expect(screen.getByText("Before")).toBeInTheDocument();
    second.resolve(jsonResponse({ insights: [insight("After", "medium")], viewed: false }));
    expect(await screen.findByText("After")).toBeInTheDocument();
  });
});
