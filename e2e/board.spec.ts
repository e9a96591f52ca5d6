import type { Locator, Page } from "@playwright/test";
import type { CreateTaskInput, Task, UpdateTaskInput } from "../src/shared/api/tasks.ts";
import { addDays, todayInZone } from "../src/shared/rules/dates.ts";
import { futureGroupHeading, shortDateLabel } from "../src/web/features/tasks/lib/day-labels.ts";
import { closeWithEscape, expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { afterPickUp, signIn, waitForBoard, waitForDragAndDrop } from "./sign-in.ts";
import { toasts } from "./toasts.ts";
import { card, column, showColumn } from "./board.ts";

// playwright.config.ts runs the browser in Europe/Paris; the user's zone comes from it at sign-in.
const timeZone = "Europe/Paris";
const today = () => todayInZone(new Date(), timeZone);

let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Board ${label}`, email: `board-${label}-${Date.now()}-${people}@example.com` };
}

/** The board's calls, made as the signed-in browser (its cookies, and the CSRF cookie echoed). */
function api(page: Page) {
  async function headers() {
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrfToken")?.value ?? "";
    return { "X-CSRF-Token": csrf };
  }
  return {
    async createTask(input: CreateTaskInput): Promise<Task> {
      const response = await page.request.post("/api/tasks", { data: input, headers: await headers() });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as Task;
    },
    async updateTask(id: string, patch: UpdateTaskInput): Promise<Task> {
      const response = await page.request.patch(`/api/tasks/${id}`, { data: patch, headers: await headers() });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as Task;
    },
    async createGoal(title: string): Promise<{ id: string }> {
      const response = await page.request.post("/api/goals", { data: { title }, headers: await headers() });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { id: string };
    },
  };
}

/** Waits for running animations (a panel sliding in) to finish, before a screenshot. */
async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
}

function patchRequest(page: Page) {
  return page.waitForRequest((request) => request.method() === "PATCH" && request.url().includes("/api/tasks/"));
}

/** A pointer drag with the mouse, in small steps (dnd-kit starts a drag after 6 px). */
async function dragWithMouse(page: Page, source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("drag source or target is not visible");
  await waitForDragAndDrop(page);
  await page.mouse.move(from.x + from.width / 2, from.y + 12);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + 20, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 120), { steps: 12 });
  await page.mouse.up();
}

test.describe("the Today board on a desktop", () => {
  test.use({ viewport: viewports.desktop });

  test("the task dialog and the delete confirmation zoom in about the middle of the screen", async ({ page }) => {
    await signIn(page, person("zoom"));
    await api(page).createTask({ title: "Centred", date: today() });
    await page.reload();
    await waitForBoard(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Animation.enable");
    /** Opens a dialog with animations at a hundredth of their speed: the centre of its box at their first frame. */
    async function centreAtFirstFrame(open: () => Promise<void>, dialog: Locator) {
      await cdp.send("Animation.setPlaybackRate", { playbackRate: 0.01 });
      await open();
      const centre = await dialog.evaluate((element) => {
        const animations = element.getAnimations();
        for (const animation of animations) {
          animation.pause();
          animation.currentTime = 0;
        }
        const box = element.getBoundingClientRect();
        for (const animation of animations) animation.finish();
        return { animations: animations.length, x: box.x + box.width / 2, y: box.y + box.height / 2 };
      });
      await cdp.send("Animation.setPlaybackRate", { playbackRate: 1 });
      const viewport = page.viewportSize()!;
      expect(centre.animations).toBeGreaterThan(0);
      expect(Math.abs(centre.x - viewport.width / 2)).toBeLessThan(2);
      expect(Math.abs(centre.y - viewport.height / 2)).toBeLessThan(2);
    }

    await centreAtFirstFrame(
      () => page.getByRole("button", { name: "Add Task" }).first().click(),
      page.getByRole("dialog", { name: "Create New Task" }),
    );
    await closeWithEscape(page, page.getByRole("dialog"));

    await centreAtFirstFrame(
      () => card(column(page, "To Do"), "Centred").getByRole("button", { name: 'Delete "Centred"' }).click(),
      page.getByRole("alertdialog", { name: "Delete Task" }),
    );
  });

  test("creates a task (the title is required), edits it, and deletes it after confirming", async ({ page }) => {
    await signIn(page, person("create"));
    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your day awaits" })).toBeVisible();
    await expect(page.getByText("No tasks planned", { exact: true })).toBeVisible();
    await expect(page.getByText("0/0 completed")).toBeVisible();

    await page.getByRole("button", { name: "Add Task" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Task" });
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog.getByText("Task title is required")).toBeVisible();
    await expect(dialog.getByLabel("Task Title")).toBeFocused();
    await dialog.getByLabel("Task Title").fill("Write the report");
    await expect(dialog.getByText("Task title is required")).toHaveCount(0);
    await dialog.getByLabel("Description").fill("Quarterly numbers");
    await dialog.getByLabel("Scheduled Start Time").fill("09:30");
    await expect(dialog.getByLabel("Associated Goal")).toHaveValue("");
    await expect(dialog.getByLabel("Associated Goal").locator("option").first()).toHaveText("No goal");
    const duration = dialog.getByLabel(/^Estimated Duration/);
    await expect(duration).toHaveValue("30");
    await expect(duration).toHaveAttribute("min", "5");
    await expect(duration).toHaveAttribute("max", "480");
    await expect(duration).toHaveAttribute("step", "5");
    await dialog.getByRole("button", { name: "45m" }).click();
    await expect(duration).toHaveValue("45");

    const post = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/api/tasks"));
    await dialog.getByRole("button", { name: "Create Task" }).click();
    expect((await post).postDataJSON()).toEqual({
      id: expect.any(String),
      title: "Write the report",
      description: "Quarterly numbers",
      scheduledStartTime: "09:30",
      estimatedDuration: 45,
      status: "todo",
      date: today(),
    });
    await expect(toasts(page)).toHaveText("Task created successfully");
    await expect(dialog).toBeHidden();

    const created = card(column(page, "To Do"), "Write the report");
    await expect(created).toContainText("Quarterly numbers");
    await expect(created).toContainText("9:30 AM");
    await expect(created).toContainText("45m");
    await expect(created).toContainText("Created less than a minute ago");
    await expect(page.getByText("0/1 completed")).toBeVisible();
    await expect(column(page, "To Do").getByRole("heading", { level: 2 })).toHaveText(/To Do\s*1 task/);

    const editButton = created.getByRole("button", { name: 'Edit "Write the report"' });
    await editButton.click();
    const edit = page.getByRole("dialog", { name: "Edit Task" });
    await expect(edit.getByLabel("Task Title")).toHaveValue("Write the report");
    await expect(edit.getByLabel(/^Estimated Duration/)).toHaveValue("45");
    await edit.getByLabel("Task Title").fill("Write the annual report");
    await edit.getByLabel("Scheduled Start Time").fill("");
    const patch = patchRequest(page);
    await edit.getByRole("button", { name: "Update Task" }).click();
    // Only what changed: another device's change to another field stays (decision 043).
    expect((await patch).postDataJSON()).toEqual({ title: "Write the annual report", scheduledStartTime: null });
    await expect(toasts(page)).toHaveText("Task updated successfully");
    const renamed = card(column(page, "To Do"), "Write the annual report");
    await expect(renamed).toContainText("No time set");
    // The dialog gives focus back to the button that opened it.
    await expect(renamed.getByRole("button", { name: 'Edit "Write the annual report"' })).toBeFocused();

    await renamed.getByRole("button", { name: 'Delete "Write the annual report"' }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Task" });
    await expect(confirm).toContainText('Are you sure you want to delete "Write the annual report"? This action cannot be undone.');
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(renamed).toBeVisible();

    await renamed.getByRole("button", { name: 'Delete "Write the annual report"' }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toasts(page)).toHaveText("Task deleted successfully");
    await expect(page.getByRole("heading", { name: "Your day awaits" })).toBeVisible();
  });

  test("moves cards between columns by pointer and by keyboard, and keeps them there", async ({ page }) => {
    await signIn(page, person("drag"));
    const calls = api(page);
    await calls.createTask({ title: "Pointer task", date: today(), estimatedDuration: 30 });
    await calls.createTask({ title: "Keyboard task", date: today(), estimatedDuration: 30 });
    await page.reload();
    await waitForBoard(page);

    const pointerCard = card(column(page, "To Do"), "Pointer task");
    let patch = patchRequest(page);
    await dragWithMouse(page, pointerCard.getByRole("heading"), column(page, "In Progress"));
    // One PATCH: the column's status and the place in it (decision 024).
    expect((await patch).postDataJSON()).toEqual({ status: "inprogress", position: expect.any(Number) });
    const started = card(column(page, "In Progress"), "Pointer task");
    await expect(started).toContainText(/Working for 0:0\d/);
    await expect(started).toContainText("1 work session");

    // Keyboard: Space picks the card up, the arrows choose a column, Space drops it.
    const handle = column(page, "To Do").getByRole("button", { name: 'Move "Keyboard task"', exact: true });
    await waitForDragAndDrop(page);
    await handle.focus();
    await page.keyboard.press("Space");
    await afterPickUp(page, 'Picked up "Keyboard task" from the To Do column.');
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText('"Keyboard task" is over the In Progress column.')).toBeAttached();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText('"Keyboard task" is over the Done column.')).toBeAttached();
    patch = patchRequest(page);
    await page.keyboard.press("Space");
    expect((await patch).postDataJSON()).toEqual({ status: "done", position: expect.any(Number) });
    await expect(card(column(page, "Done"), "Keyboard task")).toBeVisible();
    await expect(page.getByText("1/2 completed")).toBeVisible();
    await expect(page.getByText("50% complete")).toBeVisible();

    // Escape puts a picked-up card back. Wait for the saved move to settle first, so the handle
    // that takes focus is the one that stays on the page.
    await expect(page.getByText('"Keyboard task" was dropped on the Done column.')).toBeAttached();
    await column(page, "Done").getByRole("button", { name: 'Move "Keyboard task"', exact: true }).focus();
    await page.keyboard.press("Space");
    await afterPickUp(page, 'Picked up "Keyboard task" from the Done column.');
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByText('"Keyboard task" is over the In Progress column.')).toBeAttached();
    await page.keyboard.press("Escape");
    await expect(page.getByText('Moving "Keyboard task" was cancelled. It stays in the Done column.')).toBeAttached();
    await expect(card(column(page, "Done"), "Keyboard task")).toBeVisible();

    await page.reload();
    await waitForBoard(page);
    await expect(card(column(page, "In Progress"), "Pointer task")).toBeVisible();
    await expect(card(column(page, "Done"), "Keyboard task")).toBeVisible();
    const sidebar = page.getByRole("complementary", { name: "Insights" });
    await expect(sidebar.getByText("Insights update as you work")).toBeVisible();
  });

  test("moves tasks from the Future Tasks panel to the board by button and by drag", async ({ page }) => {
    await signIn(page, person("future"));
    const calls = api(page);
    const tomorrow = addDays(today(), 1);
    const yesterday = addDays(today(), -1);
    await calls.createTask({ title: "Someday idea" });
    await calls.createTask({ title: "Tomorrow task", date: tomorrow, estimatedDuration: 90 });
    await calls.createTask({ title: "Overdue task", date: yesterday });
    await page.reload();
    await waitForBoard(page);

    await page.getByRole("button", { name: "Future Tasks" }).click();
    const panel = page.getByRole("dialog", { name: "Future Tasks" });
    await expect(panel.getByRole("heading", { level: 3 })).toHaveText([
      /^Unscheduled Tasks/,
      new RegExp(`^${futureGroupHeading(yesterday, today()).replace(/[()]/g, "\\$&")}`),
      new RegExp(`^${futureGroupHeading(tomorrow, today())}`),
    ]);
    await expect(panel.getByRole("heading", { level: 3 }).nth(1)).toContainText("(Overdue)");
    const tomorrowCard = panel.locator("li", { hasText: "Tomorrow task" });
    await expect(tomorrowCard).toContainText("Tomorrow");
    await expect(tomorrowCard).toContainText("To Do");
    await expect(tomorrowCard).toContainText("1h 30m");
    await expect(panel.locator("li", { hasText: "Someday idea" })).toContainText("Unscheduled");
    await settle(page);
    await saveScreenshot(page, "board-desktop-future-tasks-groups");

    let patch = patchRequest(page);
    await panel.locator("li", { hasText: "Someday idea" }).getByRole("button", { name: "Move to Today" }).click();
    expect((await patch).postDataJSON()).toEqual({ status: "todo", date: today() });
    await expect(card(column(page, "To Do"), "Someday idea")).toBeVisible();
    await expect(panel.locator("li", { hasText: "Someday idea" })).toHaveCount(0);

    // The browser's own drag and drop, from the panel onto the In Progress column.
    patch = patchRequest(page);
    await tomorrowCard.dragTo(column(page, "In Progress"));
    expect((await patch).postDataJSON()).toEqual({ status: "inprogress", date: today() });
    await expect(card(column(page, "In Progress"), "Tomorrow task")).toBeVisible();
    await expect(toasts(page)).toContainText('"Tomorrow task" moved to today\'s In Progress column.');
    await expect(panel.locator("li", { hasText: "Tomorrow task" })).toHaveCount(0);

    await panel.locator("li", { hasText: "Overdue task" }).getByRole("button", { name: "Move to Today" }).click();
    await expect(panel.getByText("No Future Tasks")).toBeVisible();
    await expect(card(column(page, "To Do"), "Overdue task")).toBeVisible();
    await expect(panel).toBeFocused();
    await panel.getByRole("button", { name: "Close" }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole("button", { name: "Future Tasks" })).toBeFocused();
  });

  test("the stalled banner resumes, completes and reschedules stalled tasks, and is polled every minute", async ({ page }) => {
    await signIn(page, person("stalled"));
    await page.clock.install();
    const calls = api(page);
    const stall = async (input: CreateTaskInput) => {
      const task = await calls.createTask(input);
      return calls.updateTask(task.id, { status: "stalled" });
    };
    await stall({ title: "Resume me", date: today(), estimatedDuration: 30 });
    await stall({ title: "Complete me", date: today() });
    await stall({ title: "Reschedule me", date: addDays(today(), -1) });
    await page.reload();
    await waitForBoard(page);

    const banner = page.getByRole("region", { name: /stalled task/ });
    await expect(banner.getByRole("heading")).toHaveText("3 stalled tasks");
    const inProgress = column(page, "In Progress");
    await expect(card(inProgress, "Resume me").getByRole("button", { name: "Stalled - Click to resume" })).toBeVisible();
    await expect(card(inProgress, "Complete me")).toBeVisible();
    await expect(card(page, "Reschedule me")).toHaveCount(0);

    let patch = patchRequest(page);
    await banner.getByRole("listitem").filter({ hasText: "Resume me" }).getByRole("button", { name: "Resume" }).click();
    expect((await patch).postDataJSON()).toEqual({ status: "inprogress" });
    await expect(card(inProgress, "Resume me")).toContainText("Working for");
    await expect(banner.getByRole("heading")).toHaveText("2 stalled tasks");

    patch = patchRequest(page);
    await banner.getByRole("listitem").filter({ hasText: "Complete me" }).getByRole("button", { name: "Complete" }).click();
    expect((await patch).postDataJSON()).toEqual({ status: "done" });
    await expect(card(column(page, "Done"), "Complete me")).toBeVisible();

    patch = patchRequest(page);
    await banner.getByRole("listitem").filter({ hasText: "Reschedule me" }).getByRole("button", { name: "Reschedule" }).click();
    expect((await patch).postDataJSON()).toEqual({ status: "todo", date: today() });
    await expect(card(column(page, "To Do"), "Reschedule me")).toBeVisible();
    await expect(banner).toBeHidden();

    // A task stalled elsewhere shows at once through the change stream (decision 038); the poll stays.
    const late = await stall({ title: "Stalled later", date: today() });
    await expect(banner.getByRole("heading")).toHaveText("1 stalled task");
    const poll = page.waitForRequest((request) => request.url().endsWith("/api/tasks/stalled"));
    await page.clock.fastForward("01:01");
    await poll;
    // The board fetches the day again, so the task shows as stalled there too.
    // The red card resumes when clicked.
    patch = patchRequest(page);
    await card(inProgress, late.title).getByRole("button", { name: "Stalled - Click to resume" }).click();
    expect((await patch).postDataJSON()).toEqual({ status: "inprogress" });
    await expect(card(inProgress, late.title)).toContainText("Working for");
    await expect(banner).toBeHidden();
  });

  test("navigates between days, keeping the day in the address across a reload", async ({ page }) => {
    await signIn(page, person("days"));
    const yesterday = addDays(today(), -1);
    await expect(page.getByRole("button", { name: "Back to today" })).toHaveCount(0);

    await page.getByRole("button", { name: "Previous day" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shortDateLabel(yesterday));
    await expect(page).toHaveURL(`/?date=${yesterday}`);
    await expect(page).toHaveTitle(`${shortDateLabel(yesterday)} · Daywise`);

    // A task added here is planned for the viewed day.
    await page.getByRole("button", { name: "Add Task" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Task" });
    await dialog.getByLabel("Task Title").fill("Yesterday's task");
    const post = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/api/tasks"));
    await dialog.getByRole("button", { name: "Create Task" }).click();
    expect((await post).postDataJSON()).toMatchObject({ date: yesterday });
    await expect(card(column(page, "To Do"), "Yesterday's task")).toBeVisible();

    await page.reload();
    await waitForBoard(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shortDateLabel(yesterday));
    await expect(card(column(page, "To Do"), "Yesterday's task")).toBeVisible();

    await page.getByRole("button", { name: "Next day" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: "Your day awaits" })).toBeVisible();

    await page.getByRole("button", { name: "Next day" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shortDateLabel(addDays(today(), 1)));
    await page.getByRole("button", { name: "Back to today" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
    await expect(page).toHaveURL("/");

    await page.goBack();
    await expect(page).toHaveURL(`/?date=${addDays(today(), 1)}`);
  });
});

/** A day with every kind of card: planned, linked to a goal, running over, done and stalled. */
async function seedBusyDay(page: Page, date: string) {
  const calls = api(page);
  const goal = await calls.createGoal("Ship the spring release");
  await calls.createTask({
    title: "Plan the sprint",
    date,
    scheduledStartTime: "09:00",
    estimatedDuration: 60,
    goalId: goal.id,
    description: "Pick the stories for the next two weeks.",
  });
  await calls.createTask({ title: "Call the bank", date, estimatedDuration: 15 });
  const review = await calls.createTask({ title: "Review pull requests", date, estimatedDuration: 20, goalId: goal.id });
  await calls.updateTask(review.id, { status: "inprogress" });
  const docs = await calls.createTask({ title: "Write the release notes", date, estimatedDuration: 30, scheduledStartTime: "08:00" });
  await calls.updateTask(docs.id, { status: "inprogress" });
  const done = await calls.createTask({ title: "Email the team", date, estimatedDuration: 10 });
  await calls.updateTask(done.id, { status: "inprogress" });
  await calls.updateTask(done.id, { status: "done" });
  const stalled = await calls.createTask({ title: "Fix the flaky test", date, estimatedDuration: 45 });
  await calls.updateTask(stalled.id, { status: "stalled" });
}

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`a busy board on a ${name}`, () => {
    test.use({ viewport });

    test("shows every kind of card", async ({ page }) => {
      test.slow();
      await signIn(page, person(`busy-${name}`));
      // The browser's clock 40 minutes ahead: the running tasks are now past their estimates. The
      // day is the one the browser will show then (after 23:20 it is already tomorrow).
      const browserNow = Date.now() + 40 * 60_000;
      await seedBusyDay(page, todayInZone(new Date(browserNow), timeZone));
      await page.clock.install({ time: browserNow });
      await page.reload();
      await waitForBoard(page);

      await expect(page.getByText("1/6 completed")).toBeVisible();
      await showColumn(page, "In Progress");
      const inProgress = column(page, "In Progress");
      await expect(card(inProgress, "Review pull requests")).toContainText("Critical overtime: 20m over the 20m estimate");
      await expect(card(inProgress, "Review pull requests")).toContainText(
        "Task may be blocked - consider asking for help or switching focus",
      );
      await expect(card(inProgress, "Write the release notes")).toContainText(/Overtime: 1\dm over the 30m estimate/);
      await expect(card(inProgress, "Fix the flaky test")).toContainText("Stalled - Click to resume");
      await showColumn(page, "To Do");
      await expect(card(column(page, "To Do"), "Plan the sprint")).toContainText("Ship the spring release");
      await showColumn(page, "Done");
      await expect(card(column(page, "Done"), "Email the team")).toBeVisible();
      await showColumn(page, "To Do");
      const sidebar = page.getByRole("complementary", { name: "Insights" });
      await expect(sidebar).toContainText("Moderate Load");
      await expect(sidebar).toContainText("Maintain steady progress through your tasks");
      await expect(sidebar).toContainText("3h");

      await saveScreenshot(page, `board-${name}`);

      // The sidebar folds away, and stays folded after a reload.
      await sidebar.getByRole("button", { name: "Hide insights" }).click();
      await expect(sidebar.getByText("Insights update as you work")).toBeHidden();
      await page.reload();
      await waitForBoard(page);
      await expect(sidebar.getByRole("button", { name: "Show insights" })).toHaveAttribute("aria-expanded", "false");
      await saveScreenshot(page, `board-${name}-insights-hidden`);
      await sidebar.getByRole("button", { name: "Show insights" }).click();
      await expect(sidebar.getByText("Insights update as you work")).toBeVisible();

      await page.getByRole("button", { name: "Future Tasks" }).click();
      await expect(page.getByRole("dialog", { name: "Future Tasks" }).getByText("No Future Tasks")).toBeVisible();
      await settle(page);
      await saveScreenshot(page, `board-${name}-future-tasks`);
      await closeWithEscape(page, page.getByRole("dialog", { name: "Future Tasks" }));

      await card(column(page, "To Do"), "Plan the sprint").getByRole("button", { name: 'Edit "Plan the sprint"' }).click();
      const edit = page.getByRole("dialog", { name: "Edit Task" });
      await expect(edit.getByLabel("Associated Goal")).toHaveValue(/.+/);
      await expect(edit.getByLabel("Associated Goal").locator("option:checked")).toHaveText("Ship the spring release");
      await settle(page);
      await saveScreenshot(page, `board-${name}-edit-dialog`);
    });
  });
}
