// Issue 52's done-when: a new user with three meetings tomorrow and eight estimated tasks presses 'Plan my day',
// sees where each would go and which do not fit, applies it, sees the blocks between the meetings in the Timeline,
// moves one by keyboard, and undoes the plan (the moved one, changed since, stays).
import type { Page } from "@playwright/test";
import type { Task } from "../src/shared/api/tasks.ts";
import { addDays, todayInZone } from "../src/shared/rules/dates.ts";
import { api } from "./api.ts";
import { expect, expectNoAxeViolations, saveScreenshot, test } from "./fixtures.ts";
import { ZONE, startIcsServer } from "./ics-server.ts";
import { signIn } from "./sign-in.ts";
import { emulateSystemTheme } from "./theme.ts";

let calendar: Awaited<ReturnType<typeof startIcsServer>>;

test.beforeAll(async () => {
  calendar = await startIcsServer();
});

test.afterAll(async () => {
  await calendar.close();
});

async function startTimes(page: Page, date: string): Promise<Record<string, string | null>> {
  const response = await page.request.get(`/api/tasks?date=${date}`);
  expect(response.status()).toBe(200);
  return Object.fromEntries(((await response.json()) as Task[]).map((task) => [task.title, task.scheduledStartTime]));
}

test("Plan my day: proposed around tomorrow's meetings, applied, moved by keyboard in the Timeline, and undone", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 1100 });
  await signIn(page, { name: "Planner", email: `day-plan-${Date.now()}@example.com` });
  const { createTask, headers } = api(page);
  const subscribed = await page.request.post("/api/calendar/subscriptions", {
    data: { url: calendar.tomorrowUrl },
    headers: await headers(),
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const tomorrow = addDays(todayInZone(new Date(), ZONE), 1);
  const tasks: [string, number][] = [
    ["Write the proposal", 90],
    ["Reply to emails", 30],
    ["Review budget", 45],
    ["Prepare slides", 60],
    ["Call supplier", 15],
    ["Team survey", 30],
    ["Read articles", 20],
    ["Quarterly report", 240],
  ];
  for (const [title, estimatedDuration] of tasks) await createTask({ title, date: tomorrow, estimatedDuration });

  await page.goto(`/?date=${tomorrow}`);
  await page.getByRole("button", { name: "Plan my day" }).click();
  const panel = page.getByRole("region", { name: "Plan my day" });
  const changes = panel.getByRole("list", { name: "Changes" });
  await expect(changes.getByRole("listitem")).toHaveCount(5);
  // Free time: 9:00-9:30, 10:05-11:00, 12:05-14:00, 15:05-17:00 (a 5-minute gap after each meeting); 85% of it at most.
  await expect(changes).toContainText("Write the proposal");
  await expect(changes).toContainText("12:15 PM");
  await expect(panel.getByText("Quarterly report · longer than any free slot")).toBeVisible();
  await expect(panel.getByText("Team survey · no free time left")).toBeVisible();
  await expect(panel.getByText("Read articles · no free time left")).toBeVisible();
  // Nothing is written before Apply.
  expect(Object.values(await startTimes(page, tomorrow)).every((time) => time === null)).toBe(true);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, "day-plan-proposed");

  await panel.getByRole("button", { name: "Apply" }).click();
  await expect(panel.getByRole("button", { name: "Undo" })).toBeVisible();
  await expect
    .poll(() => startTimes(page, tomorrow))
    .toEqual({
      "Write the proposal": "12:15",
      "Reply to emails": "09:00",
      "Review budget": "10:15",
      "Prepare slides": "15:15",
      "Call supplier": "13:45",
      "Team survey": null,
      "Read articles": null,
      "Quarterly report": null,
    });

  await page.getByRole("radio", { name: "Timeline" }).click();
  const grid = page.getByRole("region", { name: "Hours of the day" });
  await expect(grid.getByText("Client review")).toBeVisible();
  await expect(grid.getByRole("button", { name: /^Write the proposal\W*12:15 PM – 1:45 PM/ })).toBeVisible();
  await expect(grid.getByRole("button", { name: /^Call supplier\W*1:45 PM – 2:00 PM/ })).toBeVisible();
  await saveScreenshot(page, "day-plan-timeline");

  // Keyboard: a quarter hour earlier.
  await grid.getByRole("button", { name: 'Move "Call supplier"', exact: true }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect(grid.getByRole("button", { name: /^Call supplier\W*1:30 PM – 1:45 PM/ })).toBeVisible();
  await expect.poll(async () => (await startTimes(page, tomorrow))["Call supplier"]).toBe("13:30");

  // Undo puts back what the plan set; the task moved since keeps its new time.
  await panel.getByRole("button", { name: "Undo" }).click();
  await expect(panel.getByRole("list", { name: "Not undone" })).toContainText("Call supplier");
  await expect
    .poll(() => startTimes(page, tomorrow))
    .toEqual({
      "Write the proposal": null,
      "Reply to emails": null,
      "Review budget": null,
      "Prepare slides": null,
      "Call supplier": "13:30",
      "Team survey": null,
      "Read articles": null,
      "Quarterly report": null,
    });
  await expect(grid.getByRole("button", { name: /^Write the proposal/ })).toHaveCount(0);
  await emulateSystemTheme(page, "dark");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, "day-plan-undone-dark");
});
