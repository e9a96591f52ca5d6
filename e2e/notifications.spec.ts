import type { BrowserContext, Locator, Page } from "@playwright/test";
import type { CreateTaskInput, Task } from "../src/shared/api/tasks.ts";
import { addDays, todayInZone, zonedDateTime } from "../src/shared/rules/dates.ts";
import { api } from "./api.ts";
import { expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";
import { readUserItem, writeUserItem, writeUserItemOnEveryLoad } from "./user-storage.ts";

// Issue 16: the Settings page's Notifications tab and the notification engine, in Chromium with the
// browser's notification permission granted (through the context) or refused.

const timeZone = "Europe/Paris";
const today = () => todayInZone(new Date(), timeZone);
const PREFERENCES_KEY = "daywise:notification-preferences";

let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Notify ${label}`, email: `notify-${label}-${Date.now()}-${people}@example.com` };
}

interface SpiedNotification {
  title: string;
  body: string | undefined;
  tag: string | undefined;
}

interface InAppNotification {
  kind: string;
  key: string;
  title: string;
  body: string;
  path: string;
}

/**
 * Before any page script: records every `new Notification(...)` (a Proxy around the real
 * constructor, which still runs) and every in-app notification event.
 */
async function spyOnNotifications(context: BrowserContext) {
  await context.addInitScript(() => {
    const spy = window as unknown as {
      __notifications: { title: string; options: NotificationOptions; instance?: Notification }[];
      __inApp: unknown[];
    };
    spy.__notifications = [];
    spy.__inApp = [];
    window.addEventListener("daywise:notification", (event) => spy.__inApp.push((event as CustomEvent).detail));
    if (!("Notification" in window)) return;
    window.Notification = new Proxy(window.Notification, {
      construct(target, args: [string, NotificationOptions?]) {
        const record: (typeof spy.__notifications)[number] = { title: args[0], options: args[1] ?? {} };
        spy.__notifications.push(record);
        const instance = Reflect.construct(target, args) as Notification;
        record.instance = instance;
        return instance;
      },
    });
  });
}

function browserNotifications(page: Page): Promise<SpiedNotification[]> {
  return page.evaluate(() =>
    (window as unknown as { __notifications: { title: string; options: NotificationOptions }[] }).__notifications.map(
      ({ title, options }) => ({ title, body: options.body, tag: options.tag }),
    ),
  );
}

function inAppNotifications(page: Page): Promise<InAppNotification[]> {
  return page.evaluate(() => (window as unknown as { __inApp: InAppNotification[] }).__inApp);
}

/** A click on the n-th browser notification (its onclick, as the browser would call it). */
async function clickBrowserNotification(page: Page, index: number) {
  await page.evaluate((at) => {
    const record = (window as unknown as { __notifications: { instance?: Notification }[] }).__notifications[at];
    record?.instance?.onclick?.(new Event("click"));
  }, index);
}

async function setPreferences(page: Page, preferences: Record<string, boolean>) {
  await writeUserItem(page, PREFERENCES_KEY, JSON.stringify(preferences));
}

/** The shared calls, and a task made stalled. */
function withStall(page: Page) {
  const shared = api(page);
  return {
    ...shared,
    stall: (input: CreateTaskInput): Promise<Task> => shared.createTask(input, { status: "stalled" }),
  };
}

/** The toast on screen (one at a time). */
function toast(page: Page): Locator {
  return page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
}

function notificationsTab(page: Page): Locator {
  return page.getByRole("tabpanel", { name: "Notifications" });
}

async function openNotificationsTab(page: Page) {
  await page.goto("/settings?tab=notifications");
  await expect(notificationsTab(page).getByRole("switch", { name: "Stalled tasks", exact: true })).toBeVisible();
}

test.describe("notifications with the browser's permission granted", { tag: "@full-browser" }, () => {
  test.use({ viewport: viewports.desktop });

  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(["notifications"], { origin: baseURL });
    await spyOnNotifications(context);
  });

  test("a stalled task is notified once within the hour, in the app and in the browser; a click opens its day", async ({ page }) => {
    test.slow();
    await signIn(page, person("stall"));
    await page.clock.install();
    await setPreferences(page, { browserNotifications: true });
    const yesterday = addDays(today(), -1);
    // Stalled off the app: the open board would hear it live and notify it before the page below.
    await page.goto("about:blank");
    const task = await withStall(page).stall({ title: "Write the quarterly report", date: yesterday, estimatedDuration: 30 });
    await page.goto("/settings?tab=notifications");

    await expect(toast(page)).toContainText("Task Stalled");
    await expect(toast(page)).toContainText('"Write the quarterly report" has stalled.');
    await expect
      .poll(() => browserNotifications(page))
      .toEqual([
        {
          title: "Task Stalled",
          body: expect.stringContaining("Write the quarterly report") as unknown as string,
          tag: `stall:${task.id}`,
        },
      ]);
    expect((await inAppNotifications(page)).map((item) => [item.kind, item.path])).toEqual([["stalled", `/?date=${yesterday}`]]);
    // Spec section 2: bottom right on larger screens, at most 420 px wide from medium screens.
    const box = await toast(page).boundingBox();
    expect(box && box.width <= 420 && box.x + box.width > 1200 && box.y + box.height > 700, JSON.stringify(box)).toBe(true);
    await saveScreenshot(page, "notifications-stall-toast");

    // Fifty minutes of polls (one a minute; the clock also runs on by itself, so not closer to the
    // hour than that): not again.
    let poll = page.waitForRequest((request) => request.url().endsWith("/api/tasks/stalled"));
    await page.clock.fastForward("30:00");
    await poll;
    poll = page.waitForRequest((request) => request.url().endsWith("/api/tasks/stalled"));
    await page.clock.fastForward("20:00");
    await poll;
    await page.clock.runFor(31_000); // the engine's next look
    expect(await browserNotifications(page)).toHaveLength(1);
    expect(await inAppNotifications(page)).toHaveLength(1);

    // Past the hour: once more.
    await page.clock.fastForward("10:30");
    await expect.poll(async () => (await browserNotifications(page)).length).toBe(2);
    expect(await inAppNotifications(page)).toHaveLength(2);

    // The browser notification's click brings the user to the task's day on the board.
    await clickBrowserNotification(page, 1);
    await expect(page).toHaveURL(`/?date=${yesterday}`);
    await waitForBoard(page);
  });

  test("the Notifications tab shows Enabled and saves each toggle; completing a task celebrates it, and a goal due in two days is notified, opening the goal", async ({
    page,
  }) => {
    test.slow();
    await signIn(page, person("celebrate"));
    await openNotificationsTab(page);
    const tab = notificationsTab(page);

    await expect(tab.getByText("Browser permission:")).toContainText("Enabled");
    await expect(tab.getByRole("button", { name: "Enable" })).toHaveCount(0);
    const expected = {
      "Stalled tasks": true,
      "Completion celebrations": true,
      "Goal deadlines": true,
      "Procrastination alerts": false,
      "Daily insights": false,
      "Show browser notifications": false,
    };
    for (const [name, checked] of Object.entries(expected)) {
      await expect(tab.getByRole("switch", { name, exact: true }), name).toHaveAttribute("aria-checked", String(checked));
    }
    await saveScreenshot(page, "notifications-tab-granted");

    await tab.getByRole("switch", { name: "Show browser notifications", exact: true }).click();
    await expect(toast(page).getByText("Preferences Saved", { exact: true })).toBeVisible();
    await expect(toast(page)).toContainText("Your notification settings have been updated.");
    await tab.getByRole("switch", { name: "Procrastination alerts", exact: true }).click();
    await expect(tab.getByRole("switch", { name: "Procrastination alerts", exact: true })).toBeChecked();
    const stored = await readUserItem(page, PREFERENCES_KEY);
    expect(JSON.parse(stored ?? "null")).toEqual({
      stalledTasks: true,
      dailyInsights: false,
      goalDeadlines: true,
      procrastinationAlerts: true,
      completionCelebrations: true,
      browserNotifications: true,
    });

    // Kept across a reload; off again with one click.
    await page.reload();
    await expect(tab.getByRole("switch", { name: "Show browser notifications", exact: true })).toBeChecked();
    await tab.getByRole("switch", { name: "Show browser notifications", exact: true }).click();
    await expect(tab.getByRole("switch", { name: "Show browser notifications", exact: true })).not.toBeChecked();
    await expect(toast(page).getByText("Preferences Saved", { exact: true })).toBeVisible();

    await setPreferences(page, { browserNotifications: true, goalDeadlines: false });
    await page.goto("/");
    await waitForBoard(page);
    // Stalled elsewhere, it reaches the open page through the change stream (decision 038).
    const calls = withStall(page);
    await calls.stall({ title: "Finish the slides", date: today() });
    await expect(toast(page)).toContainText("Task Stalled");
    await toast(page).getByRole("button", { name: "Close notification" }).click();
    await expect(toast(page)).toHaveCount(0);

    const banner = page.getByRole("region", { name: /stalled task/ });
    await banner.getByRole("listitem").filter({ hasText: "Finish the slides" }).getByRole("button", { name: "Complete" }).click();
    await expect(toast(page)).toContainText("Task Completed");
    await expect(toast(page)).toContainText('Nice work! "Finish the slides" is done.');
    await expect.poll(async () => (await browserNotifications(page)).map((item) => item.title)).toEqual(["Task Stalled", "Task Completed"]);
    expect((await inAppNotifications(page)).map((item) => item.kind)).toEqual(["stalled", "completed"]);
    await saveScreenshot(page, "notifications-completed-toast");
    await toast(page).getByRole("button", { name: "Close notification" }).click();

    // A goal due in two days with a task still to do.
    await setPreferences(page, { browserNotifications: true, goalDeadlines: true });
    await page.reload();
    await waitForBoard(page);
    const goal = await calls.createGoal({ title: "Launch the newsletter", targetDate: addDays(today(), 2) });
    await calls.createTask({ title: "Draft the first issue", goalId: goal.id, date: today() });
    await expect(toast(page)).toContainText("Goal Due Soon");
    await expect(toast(page)).toContainText('"Launch the newsletter" is due in 2 days, with 1 task still to do.');
    const notices = await browserNotifications(page);
    expect(notices.map((item) => [item.title, item.tag])).toEqual([["Goal Due Soon", `goal-deadline:${goal.id}`]]);
    expect((await inAppNotifications(page)).map((item) => item.path)).toEqual([`/goals#goal-${goal.id}`]);

    await clickBrowserNotification(page, 0);
    await expect(page).toHaveURL(`/goals#goal-${goal.id}`);
    await expect(page.getByRole("article", { name: "Launch the newsletter" })).toBeFocused();

    // Once a day per goal: after a reload the engine notifies a new stall (so it has looked at the
    // goals, cached by the page before it started), and not the goal again.
    await page.reload();
    await expect(page.getByRole("article", { name: "Launch the newsletter" })).toBeVisible();
    await calls.stall({ title: "Sentinel stall", date: today() });
    await expect(toast(page)).toContainText("Sentinel stall");
    expect((await inAppNotifications(page)).map((item) => item.kind)).toEqual(["stalled"]);
  });

  test("new high-priority insights of today are notified, and open the Insights page", async ({ page }) => {
    await signIn(page, person("insights"));
    // Leave the board before today's insights are mocked: its notification engine, loaded once that
    // page is idle (which may be after signIn returns), would otherwise ask for them and notify them
    // there, and the Goals page would rightly not notify them again.
    await page.goto("about:blank");
    const requested: string[] = [];
    await page.route("**/api/ai/insights?*", async (route) => {
      requested.push(new URL(route.request().url()).searchParams.get("date") ?? "");
      await route.fulfill({
        json: {
          insights: [
            { type: "warning", title: "Three tasks ran long", description: "Split the next big one.", priority: "high" },
            { type: "suggestion", title: "Plan mornings", description: "You finish most before noon.", priority: "medium" },
          ],
          viewed: false,
        },
      });
    });
    await writeUserItemOnEveryLoad(page, PREFERENCES_KEY, JSON.stringify({ dailyInsights: true, browserNotifications: true }));
    await page.goto("/goals");
    await expect(toast(page)).toContainText("New Insight");
    await expect(toast(page)).toContainText("Three tasks ran long: Split the next big one.");
    expect(requested).toEqual([today()]);
    expect((await browserNotifications(page)).map((item) => item.title)).toEqual(["New Insight"]);

    await clickBrowserNotification(page, 0);
    await expect(page).toHaveURL("/insights");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a to-do task not started over an hour after its scheduled time gets a 'Gentle Reminder' when that alert is on", async ({
    page,
  }) => {
    await signIn(page, person("reminder"));
    // The browser's clock at 15:00 today in the user's zone, whatever the real time.
    await page.clock.install({ time: zonedDateTime(today(), "15:00", timeZone) });
    await setPreferences(page, { procrastinationAlerts: true, browserNotifications: true });
    await page.goto("about:blank");
    const calls = withStall(page);
    await calls.createTask({ title: "Call the bank", date: today(), scheduledStartTime: "13:59" });
    await calls.createTask({ title: "Not late yet", date: today(), scheduledStartTime: "14:30" });
    await page.goto("/");
    await waitForBoard(page);
    await expect(toast(page)).toContainText("Gentle Reminder");
    await expect(toast(page)).toContainText('"Call the bank" was planned for 1:59 PM. A small start is still a start.');
    expect((await browserNotifications(page)).map((item) => item.title)).toEqual(["Gentle Reminder"]);
    // Half an hour later the other one is late too; the first is not reminded again today.
    await page.clock.fastForward("31:00");
    await expect
      .poll(async () => (await inAppNotifications(page)).map((item) => item.body))
      .toEqual([
        expect.stringContaining("Call the bank") as unknown as string,
        expect.stringContaining("Not late yet") as unknown as string,
      ]);
  });

  test("two open tabs show one browser notification for the same stalled task", async ({ page, context }) => {
    await signIn(page, person("tabs"));
    await context.clock.install();
    await setPreferences(page, { browserNotifications: true });
    const second = await context.newPage();
    await Promise.all([page.reload(), second.goto("/")]);
    await Promise.all([waitForBoard(page), waitForBoard(second)]);
    // Both tabs hear the stall through their change streams (decision 038).
    await withStall(page).stall({ title: "Reply to the client", date: today() });

    const total = async () => (await browserNotifications(page)).length + (await browserNotifications(second)).length;
    await expect.poll(total).toBe(1);
    // The tab that won the event shows it in the app too; the other shows it only if it was already
    // listening and in front (it may have started after the event).
    const winner = (await browserNotifications(page)).length === 1 ? page : second;
    const other = winner === page ? second : page;
    await expect(toast(winner)).toContainText("Task Stalled");
    expect(await inAppNotifications(winner)).toHaveLength(1);
    // A minute on: both tabs have polled and looked again (the engine looks every 30 s); still one,
    // and the other tab never notified it itself.
    await context.clock.runFor(61_000);
    expect(await total()).toBe(1);
    expect((await inAppNotifications(other)).length).toBeLessThanOrEqual(1);
    expect(await inAppNotifications(winner)).toHaveLength(1);
  });
});

test.describe("notifications with the browser's permission refused", { tag: "@full-browser" }, () => {
  test.use({ viewport: viewports.phone });

  test("Enable is offered; refused, it says 'Permission Denied'; blocked shows Blocked; no browser notification is shown; unsupported says so", async ({
    page,
    context,
    baseURL,
  }) => {
    await spyOnNotifications(context);
    await signIn(page, person("denied"));
    await openNotificationsTab(page);
    const tab = notificationsTab(page);
    await expect(tab.getByText("Browser permission:")).toContainText("Disabled");
    await expect(tab.getByRole("switch", { name: "Show browser notifications", exact: true })).toBeDisabled();

    // The browser refuses (headless Chromium answers a permission prompt with a refusal).
    await tab.getByRole("button", { name: "Enable" }).click();
    await expect(toast(page)).toContainText("Permission Denied");
    await expect(toast(page)).toContainText("Browser notifications require permission to work.");
    await expect(tab.getByRole("switch", { name: "Show browser notifications", exact: true })).not.toBeChecked();

    // Blocked in the browser's site settings.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Browser.setPermission", { permission: { name: "notifications" }, setting: "denied", origin: baseURL });
    await page.reload();
    await expect(tab.getByText("Browser permission:")).toContainText("Blocked");
    await expect(tab.getByText("Notifications are blocked for this site.")).toBeVisible();
    await expect(tab.getByRole("button", { name: "Enable" })).toBeVisible();
    await saveScreenshot(page, "notifications-tab-blocked-phone");

    // Even with the preference stored on, a stall is only shown in the app.
    await setPreferences(page, { browserNotifications: true });
    await page.reload();
    await expect(tab.getByText("Browser permission:")).toContainText("Blocked");
    await withStall(page).stall({ title: "Water the plants", date: today() });
    await expect(toast(page)).toContainText("Task Stalled");
    // Spec section 2: at the top on small screens.
    const box = await toast(page).boundingBox();
    expect(box && box.y < 100, JSON.stringify(box)).toBe(true);
    await saveScreenshot(page, "notifications-stall-toast-phone");
    expect(await browserNotifications(page)).toEqual([]);
    expect((await inAppNotifications(page)).map((item) => item.kind)).toEqual(["stalled"]);

    // Without browser support (from the next load on), the tab says so.
    await context.addInitScript(() => {
      delete (window as { Notification?: unknown }).Notification;
    });
    await openNotificationsTab(page);
    await expect(notificationsTab(page).getByText("Your browser doesn't support notifications.")).toBeVisible();
    await expect(notificationsTab(page).getByRole("button", { name: "Enable" })).toHaveCount(0);
  });
});
