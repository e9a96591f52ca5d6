import type { CDPSession, Locator, Page } from "@playwright/test";
import type { Task } from "../src/shared/api/tasks.ts";
import { todayInZone } from "../src/shared/rules/dates.ts";
import { api } from "./api.ts";
import { expect, expectNoAxeViolations, saveScreenshot, test } from "./fixtures.ts";
import { ZONE, startIcsServer } from "./ics-server.ts";
import { signIn } from "./sign-in.ts";
import { emulateSystemTheme } from "./theme.ts";

const HOUR_PX = 64;

let calendar: Awaited<ReturnType<typeof startIcsServer>>;

test.beforeAll(async () => {
  calendar = await startIcsServer();
});

test.afterAll(async () => {
  await calendar.close();
});

/** The server's copy of the day: each change is checked there, not only on screen. */
async function serverTask(page: Page, id: string): Promise<Task> {
  const response = await page.request.get(`/api/tasks?date=${todayInZone(new Date(), ZONE)}`);
  expect(response.status()).toBe(200);
  const task = ((await response.json()) as Task[]).find((each) => each.id === id);
  expect(task, `task ${id} on the server`).toBeDefined();
  return task!;
}

/** Where a time of day is on screen: the grid's content box starts at 00:00. */
async function gridPoint(page: Page, time: string): Promise<{ x: number; y: number }> {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const box = await page.getByRole("region", { name: "Hours of the day" }).evaluate((region) => {
    const content = region.firstElementChild!.getBoundingClientRect();
    return { top: content.top, left: content.left, width: content.width };
  });
  return { x: box.left + box.width * 0.6, y: box.top + ((hours * 60 + minutes) * HOUR_PX) / 60 };
}

async function dragTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 10, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.move(to.x, to.y + 1);
  await page.mouse.move(to.x, to.y);
  await page.mouse.up();
}

/** One finger through CDP: Playwright's touchscreen only taps, and the Timeline's touch drag is press and hold. */
async function touch(cdp: CDPSession, type: "touchStart" | "touchMove" | "touchEnd", at?: { x: number; y: number }) {
  await cdp.send("Input.dispatchTouchEvent", { type, touchPoints: at ? [{ x: Math.round(at.x), y: Math.round(at.y) }] : [] });
}

/** Hovered first: Playwright waits until the element holds still and is the one under the pointer there. */
async function centre(page: Page, locator: Locator) {
  await locator.hover();
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test("the Timeline: drag a task into the grid, move it by keyboard, resize it, back to the list, and the phone's agenda", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 1100 });
  await signIn(page, { name: "Timeline Person", email: `timeline-${Date.now()}@example.com` });
  const { createTask, headers } = api(page);
  const subscribed = await page.request.post("/api/calendar/subscriptions", { data: { url: calendar.url }, headers: await headers() });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const today = todayInZone(new Date(), ZONE);
  const brief = await createTask({ title: "Write the brief", date: today, estimatedDuration: 45 });
  const notes = await createTask({ title: "Review notes", date: today, estimatedDuration: 30, scheduledStartTime: "09:00" });
  const bank = await createTask({ title: "Call the bank", date: today });

  await page.goto("/");
  await page.getByRole("radio", { name: "Timeline" }).click();
  await expect(page.getByRole("radio", { name: "Timeline" })).toBeChecked();
  const grid = page.getByRole("region", { name: "Hours of the day" });
  await expect(grid.getByText("Design review")).toBeVisible();
  const list = page.getByRole("region", { name: "Unscheduled tasks" });
  await expect(list.getByText("Write the brief")).toBeVisible();
  // The choice is the device's: a reload keeps it.
  await page.reload();
  await expect(page.getByRole("radio", { name: "Timeline" })).toBeChecked();
  await expect(grid.getByText("Design review")).toBeVisible();

  // Pointer: from the list into the grid at 14:00.
  await dragTo(
    page,
    await centre(page, list.getByRole("button", { name: 'Move "Write the brief"', exact: true })),
    await gridPoint(page, "14:00"),
  );
  await expect(grid.getByRole("button", { name: /^Write the brief\W*2:00 PM – 2:45 PM/ })).toBeVisible();
  await expect.poll(async () => (await serverTask(page, brief.id)).scheduledStartTime).toBe("14:00");

  // Keyboard: two quarter hours later.
  const handle = grid.getByRole("button", { name: 'Move "Review notes"', exact: true });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("timeline-announcement")).toHaveText('Picked up "Review notes", at 9:00 AM to 9:30 AM.');
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("timeline-announcement")).toHaveText('"Review notes" is at 9:30 AM to 10:00 AM.');
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("timeline-announcement")).toHaveText('"Review notes" was scheduled at 9:30 AM.');
  await expect(grid.getByRole("button", { name: /^Review notes\W*9:30 AM – 10:00 AM/ })).toBeVisible();
  await expect(grid.getByRole("button", { name: 'Move "Review notes"', exact: true })).toBeFocused();
  await expect.poll(async () => (await serverTask(page, notes.id)).scheduledStartTime).toBe("09:30");
  await saveScreenshot(page, "timeline-desktop-light");

  // Pointer: the lower edge down to 10:30, an hour long.
  const edge = grid.getByTestId("timeline-task").filter({ hasText: "Review notes" }).getByTestId("timeline-resize");
  await dragTo(page, await centre(page, edge), await gridPoint(page, "10:30"));
  await expect(grid.getByRole("button", { name: /^Review notes\W*9:30 AM – 10:30 AM/ })).toBeVisible();
  await expect.poll(async () => (await serverTask(page, notes.id)).estimatedDuration).toBe(60);

  // Pointer: the block back to the list clears its time.
  const block = grid.getByRole("button", { name: /^Review notes\W*9:30 AM/ });
  const from = await centre(page, block);
  await dragTo(page, from, { x: (await centre(page, list)).x, y: from.y });
  await expect(list.getByText("Review notes")).toBeVisible();
  await expect.poll(async () => (await serverTask(page, notes.id)).scheduledStartTime).toBeNull();
  // Dragging beside the grid does not scroll it: the working day stays in view.
  expect(await grid.evaluate((region) => region.scrollTop)).toBeGreaterThan(7 * HOUR_PX);

  await expectNoAxeViolations(page);
  await emulateSystemTheme(page, "dark");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, "timeline-desktop-dark");

  // Phone: the agenda, meetings among the tasks, and Schedule on a task without a time.
  await page.setViewportSize({ width: 390, height: 844 });
  const agenda = page.getByRole("list", { name: "The day in time order" });
  await expect(agenda.getByText("Design review")).toBeVisible();
  await expect(agenda.getByRole("button", { name: /Write the brief/ })).toBeVisible();
  await saveScreenshot(page, "timeline-phone-dark");
  await page.getByRole("button", { name: 'Schedule "Call the bank"' }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule task" });
  await dialog.getByLabel("Start time").fill("15:30");
  await dialog.getByRole("button", { name: "Schedule" }).click();
  await expect(dialog).toBeHidden();
  await expect(agenda.getByRole("button", { name: /Call the bank/ })).toBeVisible();
  await expect.poll(async () => (await serverTask(page, bank.id)).scheduledStartTime).toBe("15:30");
  await expectNoAxeViolations(page);
  await emulateSystemTheme(page, "light");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, "timeline-phone-light");
});

test.describe("by touch", () => {
  test.use({ hasTouch: true, isMobile: false });

  test("the Timeline by touch: press and hold a listed task, move it into the grid, release, and the server has its time", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 1100 });
    await signIn(page, { name: "Timeline Toucher", email: `timeline-touch-${Date.now()}@example.com` });
    const today = todayInZone(new Date(), ZONE);
    const sketch = await api(page).createTask({ title: "Sketch the plan", date: today, estimatedDuration: 30 });

    await page.goto("/");
    await page.getByRole("radio", { name: "Timeline" }).click();
    const grid = page.getByRole("region", { name: "Hours of the day" });
    const list = page.getByRole("region", { name: "Unscheduled tasks" });
    await expect(list.getByText("Sketch the plan")).toBeVisible();

    const cdp = await page.context().newCDPSession(page);
    const from = await centre(page, list.getByRole("button", { name: 'Move "Sketch the plan"', exact: true }));
    const to = await gridPoint(page, "15:00");
    await touch(cdp, "touchStart", from);
    // Held still past the sensor's delay (200 ms): the drag starts without the finger moving.
    await expect(page.getByTestId("timeline-announcement")).toHaveText('Picked up "Sketch the plan" from the unscheduled list.');
    for (let step = 1; step <= 12; step++) {
      await touch(cdp, "touchMove", { x: from.x + ((to.x - from.x) * step) / 12, y: from.y + ((to.y - from.y) * step) / 12 });
    }
    await touch(cdp, "touchMove", { x: to.x, y: to.y + 1 });
    await touch(cdp, "touchMove", to);
    await touch(cdp, "touchEnd");

    await expect(grid.getByRole("button", { name: /^Sketch the plan\W*3:00 PM – 3:30 PM/ })).toBeVisible();
    await expect.poll(async () => (await serverTask(page, sketch.id)).scheduledStartTime).toBe("15:00");
    await expect(list.getByText("Sketch the plan")).toBeHidden();
  });
});
