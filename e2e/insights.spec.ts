import type { Page, Route } from "@playwright/test";
import type { WeeklySummary } from "../src/shared/api/insights.ts";
import type { CreateTaskInput, Task, UpdateTaskInput } from "../src/shared/api/tasks.ts";
import { addDays, todayInZone } from "../src/shared/rules/dates.ts";
import { closeWithEscape, expect, saveScreenshot, test, withoutBootAnswers } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";

// playwright.config.ts runs the browser in Europe/Paris; the user's zone comes from it at sign-in.
const timeZone = "Europe/Paris";
// What the journeys' model stub writes for a weekly summary (e2e/ai-stub-server.ts; not imported:
// importing that module starts its server).
const WEEKLY_SUMMARY_REPLY = "A steady week: you finished what mattered most and kept your goals moving.";
const today = () => todayInZone(new Date(), timeZone);

function person(label: string) {
  return { name: `Insights ${label}`, email: `insights-${label}-${Date.now()}@example.com` };
}

function api(page: Page) {
  async function headers() {
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrfToken")?.value ?? "";
    return { "X-CSRF-Token": csrf };
  }
  return {
    async createTask(input: CreateTaskInput, patch?: UpdateTaskInput): Promise<Task> {
      const response = await page.request.post("/api/tasks", { data: input, headers: await headers() });
      expect(response.status(), await response.text()).toBe(201);
      const task = (await response.json()) as Task;
      if (!patch) return task;
      const patched = await page.request.patch(`/api/tasks/${task.id}`, { data: patch, headers: await headers() });
      expect(patched.status(), await patched.text()).toBe(200);
      return (await patched.json()) as Task;
    },
    async dailyInsights(date: string) {
      const response = await page.request.get(`/api/ai/insights?date=${date}`);
      expect(response.status()).toBe(200);
      return (await response.json()) as { insights: unknown[]; viewed: boolean };
    },
    async weeklySummaries(): Promise<WeeklySummary[]> {
      const response = await page.request.get("/api/weekly-summaries?limit=10");
      expect(response.status()).toBe(200);
      return (await response.json()) as WeeklySummary[];
    },
  };
}

async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
}

const dailyCard = (page: Page) => page.getByTestId("daily-insights-card");

/** A past week's summary, as the Monday job would have written it (see the test for why it is added by hand). */
function pastSummary(weekStartDate: string, tasksCompleted: number): WeeklySummary {
  return {
    id: `past-${weekStartDate}`,
    weekStartDate,
    tasksTotal: 10,
    tasksCompleted,
    goalsProgressed: 1,
    insights: [
      { type: "pattern", title: "Tuesday was your most productive day", description: "You completed 4 tasks on Tuesday." },
      { type: "warning", title: "3 tasks keep getting carried over", description: "Break them down or let some go." },
      { type: "recommendation", title: "Plan a lighter week", description: "Fewer tasks per day are easier to finish." },
    ],
    // In Markdown, as a model may write it: shown as the chat shows replies.
    summary: {
      text: `In the week of ${weekStartDate} you completed **${tasksCompleted} of 10** planned tasks.`,
      generatedAt: `${addDays(weekStartDate, 7)}T05:00:00.000Z`,
    },
    viewed: false,
    createdAt: `${addDays(weekStartDate, 7)}T05:00:00.000Z`,
  };
}

test("the sidebar's insight cards, View All Insights, Generate This Week and the detail dialog", async ({ page, context }) => {
  test.slow();
  test.slow();
  await signIn(page, person("journey"));
  const calls = api(page);
  const day = today();

  // A new user: the empty state, with Refresh only for today.
  const card = dailyCard(page);
  await expect(card.getByText("Complete tasks to get insights")).toBeVisible();
  await expect(card.getByRole("button", { name: "Refresh" })).toBeVisible();
  await expect(page.getByText("No weekly summary yet")).toBeVisible();
  await page.getByRole("button", { name: "Previous day" }).click();
  await expect(card.getByText("No insights for this day")).toBeVisible();
  await expect(card.getByRole("button", { name: "Refresh" })).toHaveCount(0);
  await page.getByRole("button", { name: "Today" }).click();
  await expect(card.getByText("Complete tasks to get insights")).toBeVisible();

  // A few days of record, made through the API: a 3-day streak, two overdue tasks, two stalled
  // tasks today and a 2-hour task with no start time (which brings the day near capacity, 88%).
  for (const offset of [-2, -1, 0])
    await calls.createTask({ title: `Inbox zero ${offset}`, date: addDays(day, offset) }, { status: "done" });
  for (const title of ["Call the bank", "Renew passport"]) await calls.createTask({ title, date: addDays(day, -3) });
  for (const title of ["Draft report", "Fix the build"]) await calls.createTask({ title, date: day }, { status: "stalled" });
  await calls.createTask({ title: "Write the grant proposal", date: day, estimatedDuration: 120 });

  // They show without Refresh, through the change stream (decision 038); high priority first, 3
  // shown, the rest behind '+2 more insights'.
  const list = card.getByRole("list", { name: "Daily insights" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByRole("listitem").first()).toContainText("2 tasks have stalled");
  await expect(card.getByRole("button", { name: "+2 more insights" })).toBeVisible();
  const dot = card.getByRole("img", { name: "New insights" });
  await expect(dot).toBeVisible();
  await page.reload();
  await waitForBoard(page);
  await expect(dot).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await settle(page);
  await saveScreenshot(page, "insights-sidebar-unviewed");

  // 'View All Insights' opens /insights in a new tab and marks the day viewed: the dot goes.
  const [insightsTab] = await Promise.all([context.waitForEvent("page"), card.getByRole("link", { name: /View All Insights/ }).click()]);
  await expect(dot).toHaveCount(0);
  await expect.poll(async () => (await calls.dailyInsights(day)).viewed).toBe(true);
  await insightsTab.waitForLoadState();
  await expect(insightsTab.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  await insightsTab.close();

  // The board as the user works: completing a stalled task takes its warning away.
  await page.getByRole("button", { name: "+2 more insights" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(5);
  await expect(page.getByRole("button", { name: "Show fewer insights" })).toBeVisible();

  // The Insights page. The Monday job writes past weeks' summaries, which a journey cannot wait
  // for: the list the page reads gets two past weeks added to the server's real answer, and
  // marking those viewed is answered here; this week's summary is the server's own throughout.
  // Pages loaded from here on ask for that list themselves, not from the HTML (decision 013).
  await withoutBootAnswers(page);
  const marked: string[] = [];
  await page.route("**/api/weekly-summaries?limit=4", async (route: Route) => {
    const response = await route.fetch();
    const real = (await response.json()) as WeeklySummary[];
    const thisWeek = real[0]?.weekStartDate;
    const past = thisWeek ? [pastSummary(addDays(thisWeek, -7), 8), pastSummary(addDays(thisWeek, -14), 3)] : [];
    await route.fulfill({ response, json: [...real, ...past.map((summary) => ({ ...summary, viewed: marked.includes(summary.id) }))] });
  });
  await page.route("**/api/weekly-summaries/past-*/viewed", async (route: Route) => {
    const id = route.request().url().split("/").at(-2)!;
    marked.push(id);
    await route.fulfill({ json: { ...pastSummary(id.replace("past-", ""), 8), viewed: true } });
  });

  await page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "Insights" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  for (const [title, text] of [
    ["Quick Stats", "Stats Coming Soon"],
    ["Pattern Recognition", "AI Patterns Coming Soon"],
    ["Achievements", "Achievements Coming Soon"],
  ] as const) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByText("No weekly summaries yet")).toBeVisible();

  await page.getByRole("button", { name: "Generate This Week" }).click();
  const summaries = page.getByRole("list", { name: "Weekly summaries" });
  const summaryCards = summaries.locator(":scope > li");
  await expect(summaryCards).toHaveCount(3);
  const latest = summaryCards.first();
  await expect(latest.getByText("Latest")).toBeVisible();
  await expect(latest.getByText(WEEKLY_SUMMARY_REPLY)).toBeVisible(); // written by the model (the journeys' stub)
  await expect(latest.getByRole("img", { name: "Unread" })).toBeVisible();
  await expect(latest.getByRole("button", { name: /^View Summary/ })).toBeVisible();
  await settle(page);
  await saveScreenshot(page, "insights-page");

  // The detail dialog: opening marks the summary viewed at once; navigating marks each one.
  // A notice already on screen (the stalled tasks') would stay dimmed under the dialog's overlay in
  // the screenshot: it goes first (new ones wait while a dialog is open).
  await expect(page.getByRole("region", { name: /^Notifications/ }).getByRole("listitem")).toHaveCount(0);
  await latest.getByRole("button", { name: /^View Summary/ }).click();
  const dialog = page.getByRole("dialog", { name: "Weekly Summary" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("1 of 3")).toBeVisible();
  await expect(latest.getByRole("img", { name: "Unread" })).toHaveCount(0);
  await expect.poll(async () => (await calls.weeklySummaries())[0]?.viewed).toBe(true);
  await settle(page);
  await saveScreenshot(page, "insights-detail-dialog");

  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("2 of 3")).toBeVisible();
  await expect(dialog.getByText("Tuesday was your most productive day")).toBeVisible();
  await expect(dialog.getByText("Recommendation", { exact: true })).toBeVisible();
  await expect(dialog.locator("strong", { hasText: "8 of 10" })).toBeVisible();
  await expect(dialog).not.toContainText("**");
  await dialog
    .getByRole("button", { name: /^Week of/ })
    .nth(2)
    .click();
  await expect(dialog.getByText("3 of 3")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Next" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Previous" }).click();
  await expect(dialog.getByText("2 of 3")).toBeVisible();
  expect(new Set(marked).size).toBe(2);
  await closeWithEscape(page, dialog);
  await expect(summaries.getByRole("img", { name: "Unread" })).toHaveCount(0);
  await expect(summaries.getByRole("button", { name: /^View Details/ })).toHaveCount(3);

  // Back on the board, the sidebar shows the latest summary, read.
  await page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "Tasks" }).click();
  await waitForBoard(page);
  const weekly = page.getByTestId("weekly-summary-card");
  await expect(weekly.getByText(WEEKLY_SUMMARY_REPLY)).toBeVisible();
  await expect(weekly.getByRole("img", { name: "Unread" })).toHaveCount(0);

  // On a phone: the page's cards stack, the dialog fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/insights");
  await expect(page.getByRole("list", { name: "Weekly summaries" }).locator(":scope > li")).toHaveCount(3);
  await settle(page);
  await saveScreenshot(page, "insights-page-phone");
  await page
    .getByRole("button", { name: /^View Details/ })
    .first()
    .click();
  await expect(dialog.getByText("1 of 3")).toBeVisible();
  await settle(page);
  await page.screenshot({ path: "test-results/screenshots/insights-detail-dialog-phone.png" });
});

test("the Insights page shows a red alert when the summaries cannot load", async ({ page }) => {
  await signIn(page, person("errors"));
  await withoutBootAnswers(page);
  await page.route("**/api/weekly-summaries?limit=4", (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
  await page.route("**/api/weekly-summaries/generate", (route) =>
    route.fulfill({ status: 500, json: { message: "Failed to generate weekly summary" } }),
  );
  await page.goto("/insights");
  const alert = page.getByRole("alert").filter({ hasText: "Failed to load summaries" });
  await expect(alert).toContainText("Failed to fetch weekly summaries");
  await page.getByRole("button", { name: "Generate This Week" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to generate summary" })).toContainText(
    "Failed to generate weekly summary",
  );
});
