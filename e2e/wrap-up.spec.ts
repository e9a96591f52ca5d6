import type { Locator, Page } from "@playwright/test";
import type { RolloverSettings } from "../src/shared/api/rollover.ts";
import type { FutureTasksResponse } from "../src/shared/api/tasks.ts";
import { addDays, todayInZone } from "../src/shared/rules/dates.ts";
import { shortDateLabel } from "../src/web/features/tasks/lib/day-labels.ts";
import { api } from "./api.ts";
import { writeUserItem } from "./user-storage.ts";
import { closeWithEscape, expect, saveScreenshot, test } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";
import { card, column } from "./board.ts";

// playwright.config.ts runs the browser in Europe/Paris; the user's zone comes from it at sign-in.
const timeZone = "Europe/Paris";
const today = () => todayInZone(new Date(), timeZone);
const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 812 };

let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Wrap-up ${label}`, email: `wrap-up-${label}-${Date.now()}-${people}@example.com` };
}

/** The shared calls, and the rollover's reads. */
function rolloverApi(page: Page) {
  const shared = api(page);
  return {
    ...shared,
    async futureTasks(): Promise<FutureTasksResponse> {
      const query = new URLSearchParams({ startDate: addDays(today(), 1), endDate: addDays(today(), 30) });
      const response = await page.request.get(`/api/tasks/future?${query.toString()}`);
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as FutureTasksResponse;
    },
    async rolloverSettings(): Promise<RolloverSettings> {
      const response = await page.request.get("/api/rollover/settings");
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as RolloverSettings;
    },
  };
}

/** Waits for running animations (a dialog zooming in) to finish, before a screenshot or a scan. */
async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
}

/** The board heading's 'x/y completed (n rolled over)'. */
const counter = (page: Page) => page.getByText(/^\d+\/\d+ completed/);

const wrapUp = (page: Page) => page.getByRole("dialog", { name: "Daily Wrap-up" });

async function openWrapUp(page: Page, incomplete: number): Promise<Locator> {
  // From the keyboard: on a phone a notice (a completion seen within its 5 s) covers the header, and a
  // pointer resting on it would hold it open.
  await page.getByRole("button", { name: `End Day (${incomplete})` }).press("Enter");
  const dialog = wrapUp(page);
  await expect(dialog).toBeVisible();
  await settle(page);
  return dialog;
}

/** Presses 'Preview changes' and answers the preview's rows as 'title: action'. */
async function previewRows(dialog: Locator): Promise<string[]> {
  await dialog.getByRole("button", { name: "Preview changes" }).click();
  const list = dialog.getByRole("list", { name: "Preview" });
  await expect(list).toBeVisible();
  const rows = list.getByRole("listitem");
  const texts: string[] = [];
  for (const row of await rows.all()) {
    const title = await row.locator("span").first().textContent();
    const action = await row.locator("span").last().textContent();
    texts.push(`${title}: ${action}`);
  }
  return texts.sort();
}

async function openRolloverTab(page: Page): Promise<Locator> {
  await page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "AI Settings" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Rollover" }).click();
  const form = page.getByRole("form", { name: "Rollover settings" });
  await expect(form).toBeVisible();
  return form;
}

/** Four tasks of today, one per action under the defaults, and a done one. */
async function planToday(page: Page) {
  const calls = api(page);
  await calls.createTask({ title: "Write the report", date: today(), estimatedDuration: 45 });
  await calls.createTask({ title: "Fix the login", date: today(), estimatedDuration: 60 }, { status: "inprogress" });
  await calls.createTask({ title: "Migrate the database", date: today(), estimatedDuration: 125 });
  await calls.createTask({ title: "Send the invoice", date: today(), estimatedDuration: 15 }, { status: "done" });
}

test.describe("end of day on a desktop", () => {
  test.use({ viewport: desktop });

  test("the Rollover tab's rules, the wrap-up's preview with all four actions, Complete Day, and the boards of today and tomorrow", async ({
    page,
  }) => {
    test.slow();
    await signIn(page, person("desktop"));
    await planToday(page);
    await page.reload();
    await waitForBoard(page);

    // The Rollover tab: Save waits for a change; the time field follows the auto rollover switch.
    const form = await openRolloverTab(page);
    const save = form.getByRole("button", { name: "Save Settings" });
    const unsaved = form.getByText("Unsaved changes");
    const autoRollover = form.getByRole("switch", { name: "Auto rollover" });
    const rolloverTodo = form.getByRole("switch", { name: "Roll over to-do tasks" });
    const slider = form.getByRole("slider", { name: "Max rollover days" });
    await expect(save).toBeDisabled();
    await expect(unsaved).toHaveCount(0);
    await expect(form.getByLabel("Rollover time")).toHaveValue("23:30");
    await saveScreenshot(page, "wrap-up-desktop-rollover-tab");

    await autoRollover.click();
    await expect(autoRollover).not.toBeChecked();
    await expect(form.getByLabel("Rollover time")).toHaveCount(0);
    await expect(unsaved).toBeVisible();
    await expect(save).toBeEnabled();
    await autoRollover.press("Space");
    await expect(form.getByLabel("Rollover time")).toBeVisible();

    // Keyboard: the switch and the slider.
    await rolloverTodo.focus();
    await page.keyboard.press("Space");
    await expect(rolloverTodo).not.toBeChecked();
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveAttribute("aria-valuenow", "8");
    await expect(form.getByText("8 days")).toBeVisible();
    await save.click();
    await expect(unsaved).toHaveCount(0);
    await expect(save).toBeDisabled();
    expect(await rolloverApi(page).rolloverSettings()).toMatchObject({ rolloverTodoTasks: false, maxRolloverDays: 8 });

    // With to-do tasks kept on their day, the wrap-up's preview says 'Review needed' for one.
    await page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "Tasks" }).click();
    await waitForBoard(page);
    let dialog = await openWrapUp(page, 3);
    expect(await previewRows(dialog)).toEqual([
      "Fix the login: Mark stalled",
      "Migrate the database: Defer",
      "Write the report: Review needed",
    ]);
    await dialog.getByRole("button", { name: "Skip for now" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "End Day (3)" })).toBeFocused();

    // 'Reset to defaults' only sets the form; saving it brings the defaults back.
    await openRolloverTab(page);
    await expect(rolloverTodo).not.toBeChecked();
    await expect(slider).toHaveAttribute("aria-valuenow", "8");
    await form.getByRole("button", { name: "Reset to defaults" }).click();
    await expect(rolloverTodo).toBeChecked();
    await expect(slider).toHaveAttribute("aria-valuenow", "7");
    await expect(unsaved).toBeVisible();
    expect(await rolloverApi(page).rolloverSettings()).toMatchObject({ rolloverTodoTasks: false, maxRolloverDays: 8 });
    await save.click();
    await expect(unsaved).toHaveCount(0);
    expect(await rolloverApi(page).rolloverSettings()).toMatchObject({ rolloverTodoTasks: true, maxRolloverDays: 7 });

    // The wrap-up under the defaults: summary, reflection, preview, Complete Day.
    await page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "Tasks" }).click();
    await waitForBoard(page);
    dialog = await openWrapUp(page, 3);
    const summary = dialog.getByRole("region", { name: "Today's Summary" });
    await expect(summary).toContainText("1/4");
    await expect(summary).toContainText("25%");
    // Planned 45 + 60 + 125 + 15 = 245 minutes; nothing tracked on the done task.
    await expect(summary).toContainText("of 4.1h planned");
    await expect(summary).toContainText("+15%");
    const rollover = dialog.getByRole("region", { name: "Rollover to tomorrow" });
    await expect(rollover.getByRole("listitem")).toHaveText(["Write the report", "Fix the login", "Migrate the database"]);
    const reasons = dialog.getByRole("group", { name: "What made today challenging?" });
    await reasons.getByRole("button", { name: "Interruptions" }).click();
    await expect(reasons.getByRole("button", { name: "Interruptions" })).toHaveAttribute("aria-pressed", "true");
    expect(await previewRows(dialog)).toEqual([
      "Fix the login: Mark stalled",
      "Migrate the database: Defer",
      "Write the report: Roll over",
    ]);
    await saveScreenshot(page, "wrap-up-desktop-dialog");

    const trigger = page.waitForRequest((request) => request.url().endsWith("/api/rollover/trigger"));
    await dialog.getByRole("button", { name: "Complete Day" }).click();
    expect((await trigger).postDataJSON()).toEqual({ date: today(), reflectionReasons: ["interruptions"] });
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")).toContainText(
      "Day completed1 rolled over, 1 marked stalled, 1 deferred.",
    );

    // Today keeps the done task; the deferred one is unscheduled; tomorrow has the two that moved on.
    await expect(card(column(page, "Done"), "Send the invoice")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
    // The closed day keeps its history (issue 56): the three that moved on were planned today too.
    await expect(counter(page)).toHaveText("1/4 completed (3 rolled over)");
    await expect(page.getByText("25% complete")).toBeVisible();
    await expect(page.getByRole("button", { name: "End Day (0)" })).toBeVisible();
    dialog = await openWrapUp(page, 0);
    await expect(dialog.getByText(/^This day was completed at/)).toBeVisible();
    // Summed up as it was closed (four tasks, one done), with the reason given then.
    await expect(dialog.getByRole("region", { name: "Today's Summary" })).toContainText("1/4");
    await expect(dialog.getByRole("region", { name: "Today's Summary" })).toContainText("3 rolled over");
    await expect(dialog.getByRole("button", { name: "Interruptions" })).toHaveAttribute("aria-pressed", "true");
    await dialog.getByRole("button", { name: "Skip for now" }).click();
    await expect(dialog).toHaveCount(0);
    const future = await rolloverApi(page).futureTasks();
    expect(future.find((task) => task.title === "Migrate the database")).toMatchObject({ date: null });

    await page.getByRole("button", { name: "Next day" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shortDateLabel(addDays(today(), 1)));
    await expect(card(column(page, "To Do"), "Write the report")).toBeVisible();
    await expect(card(column(page, "In Progress"), "Fix the login")).toBeVisible();
    await expect(counter(page)).toHaveText("0/2 completed (2 rolled over)");
    await expect(page.getByRole("button", { name: "End Day (2)" })).toBeVisible();
    await saveScreenshot(page, "wrap-up-desktop-tomorrow");

    // The summary is there now, with the reflection.
    const stored = await page.request.get(`/api/rollover/summary/${today()}`);
    expect(stored.status()).toBe(200);
    expect(await stored.json()).toMatchObject({
      rolledOverCount: 1,
      stalledCount: 1,
      deferredCount: 1,
      reflectionReasons: ["interruptions"],
    });
  });

  test("End Day waits for a day to begin; a past day's wrap-up names it, and closing it again moves on a task added since", async ({
    page,
  }) => {
    test.slow();
    await signIn(page, person("days"));
    const yesterday = addDays(today(), -1);
    const tomorrow = addDays(today(), 1);
    const calls = api(page);
    await calls.createTask({ title: "Prepare the talk", date: tomorrow });
    await calls.createTask({ title: "Draft the plan", date: yesterday });
    await page.reload();
    await waitForBoard(page);

    // Tomorrow: End Day is not offered yet, and the board says why; the server refuses it too.
    await page.getByRole("button", { name: "Next day" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shortDateLabel(tomorrow));
    const endTomorrow = page.getByRole("button", { name: "End Day (1)" });
    await expect(endTomorrow).toBeDisabled();
    await expect(endTomorrow).toHaveAccessibleDescription("This day has not begun: you can end it once it has.");
    await expect(page.getByText("This day has not begun: you can end it once it has.")).toBeVisible();
    await saveScreenshot(page, "wrap-up-desktop-future-day");
    const refused = await page.request.post("/api/rollover/trigger", { data: { date: tomorrow }, headers: await calls.headers() });
    expect(refused.status()).toBe(400);
    expect((await refused.json()) as { message: string }).toMatchObject({ message: expect.stringContaining("has not begun") });
    await expect(card(column(page, "To Do"), "Prepare the talk")).toBeVisible();

    // Yesterday: the wrap-up names the day and where its task goes, and closes it.
    await page.getByRole("button", { name: "Back to today" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
    await page.getByRole("button", { name: "Previous day" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shortDateLabel(yesterday));
    let dialog = await openWrapUp(page, 1);
    await expect(dialog.getByRole("region", { name: `Summary of ${shortDateLabel(yesterday)}` })).toContainText("0/1");
    await expect(dialog.getByRole("group", { name: "What made this day challenging?" })).toBeVisible();
    await expect(dialog.getByRole("region", { name: "Rollover to today" }).getByRole("listitem")).toHaveText(["Draft the plan"]);
    await expect(dialog.getByText("Today's Summary")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Complete Day" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("article")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "End Day (0)" })).toBeEnabled();

    // A task added to the closed day afterwards is moved on by closing it again, once.
    await calls.createTask({ title: "Found later", date: yesterday });
    await page.reload();
    await waitForBoard(page);
    await expect(card(column(page, "To Do"), "Found later")).toBeVisible();
    dialog = await openWrapUp(page, 1);
    await expect(dialog.getByText(/^This day was completed at/)).toContainText(
      "completing it again handles the 1 unfinished task added since.",
    );
    await expect(dialog.getByRole("region", { name: "Rollover to today" }).getByRole("listitem")).toHaveText(["Found later"]);
    await saveScreenshot(page, "wrap-up-desktop-closed-again");
    await dialog.getByRole("button", { name: "Complete Day" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")).toContainText("Day completed1 rolled over.");
    await expect(page.getByRole("article")).toHaveCount(0);
    dialog = await openWrapUp(page, 0);
    await expect(dialog.getByText(/^This day was completed at/)).toContainText("completing it again changes nothing.");
    await dialog.getByRole("button", { name: "Skip for now" }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole("button", { name: "Back to today" }).click();
    await expect(card(column(page, "To Do"), "Draft the plan")).toBeVisible();
    await expect(card(column(page, "To Do"), "Found later")).toBeVisible();
    await expect(counter(page)).toHaveText("0/2 completed (2 rolled over)");
    const stored = await page.request.get(`/api/rollover/summary/${yesterday}`);
    expect(await stored.json()).toMatchObject({ rolledOverCount: 2, totalCount: 2 });
  });

  test("a day with nothing left reads 'All done!', the wrap-up works from the keyboard, and the Rollover tab keeps its height from loading to loaded", async ({
    page,
  }) => {
    await signIn(page, person("all-done"));
    await api(page).createTask({ title: "Only task", date: today() }, { status: "done" });
    await page.reload();
    await waitForBoard(page);
    // By keyboard only: the dialog takes focus, Tab reaches the reasons, Space picks one.
    await page.getByRole("button", { name: "End Day (0)" }).focus();
    await page.keyboard.press("Enter");
    const dialog = wrapUp(page);
    await expect(dialog).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Preview changes" })).toHaveCount(0);
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Smooth day" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("button", { name: "Smooth day" })).toHaveAttribute("aria-pressed", "true");
    await dialog.getByRole("button", { name: "All done!" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "End Day (0)" })).toBeFocused();
    const stored = await page.request.get(`/api/rollover/summary/${today()}`);
    expect(await stored.json()).toMatchObject({ completedCount: 1, totalCount: 1, rolledOverCount: 0, reflectionReasons: ["smooth"] });

    const { loading, loaded } = await settingsHeights(page, "wrap-up-desktop-rollover-tab-loading");
    expect(Math.abs(loading - loaded)).toBeLessThanOrEqual(2);
  });
});

/** Holds the settings call until released, and answers the tab's height while loading and once loaded. */
async function settingsHeights(page: Page, screenshot: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/rollover/settings", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/settings?tab=rollover");
  const panel = page.getByRole("tabpanel", { name: "Rollover" });
  await expect(panel.getByRole("status", { name: "Loading rollover settings" })).toBeVisible();
  const loading = (await panel.boundingBox())!.height;
  await saveScreenshot(page, screenshot);
  release();
  await expect(panel.getByRole("form", { name: "Rollover settings" })).toBeVisible();
  const loaded = (await panel.boundingBox())!.height;
  await page.unroute("**/api/rollover/settings");
  return { loading, loaded };
}

test.describe("end of day on a phone", () => {
  test.use({ viewport: phone });

  test("the wrap-up and the Rollover tab fit 375 px", async ({ page }) => {
    await signIn(page, person("phone"));
    // A layout journey: the seeded completion's celebration would land over the header at a moment no wait can name.
    await writeUserItem(page, "daywise:notification-preferences", JSON.stringify({ completionCelebrations: false }));
    await planToday(page);
    const calls = api(page);
    await calls.createTask({ title: "A fifth task with a rather long title that has to wrap or truncate", date: today() });
    await page.reload();
    await waitForBoard(page);

    await saveScreenshot(page, "wrap-up-phone-board");
    const dialog = await openWrapUp(page, 4);
    await expect(dialog.getByText("...and 1 more tasks")).toBeVisible();
    await previewRows(dialog);
    await settle(page);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: "test-results/screenshots/wrap-up-phone-dialog.png" });
    await dialog.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await page.screenshot({ path: "test-results/screenshots/wrap-up-phone-dialog-end.png" });
    await closeWithEscape(page, dialog);

    const { loading, loaded } = await settingsHeights(page, "wrap-up-phone-rollover-tab-loading");
    expect(Math.abs(loading - loaded)).toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await saveScreenshot(page, "wrap-up-phone-rollover-tab");
  });
});
