// A card's own actions at both widths (issue 56, items 6 and 7): Move to… next week, and one tap to complete.
import type { Page } from "@playwright/test";
import { todayInZone } from "../src/shared/rules/dates.ts";
import { nextWeekDay } from "../src/web/features/tasks/lib/day-choices.ts";
import { api } from "./api.ts";
import { closeWithEscape, expect, expectNoAxeViolations, saveScreenshot, test } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";
import { card, column, showColumn } from "./board.ts";

const today = () => todayInZone(new Date(), "Europe/Paris");

let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Cards ${label}`, email: `cards-${label}-${Date.now()}-${people}@example.com` };
}

function toast(page: Page, text: string) {
  return page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: text });
}

const widths = [
  { name: "375 px phone", use: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true }, tap: true },
  { name: "desktop", use: { viewport: { width: 1366, height: 900 } }, tap: false },
] as const;

for (const width of widths) {
  test.describe(`a card's actions on a ${width.name}`, () => {
    test.use(width.use);

    test("moves a task to next week from its card, and completes another with one tap", async ({ page }) => {
      test.slow();
      await signIn(page, person(width.tap ? "phone" : "desktop"));
      const calls = api(page);
      const offsite = await calls.createTask({ title: "Plan the offsite", date: today() });
      const bank = await calls.createTask({ title: "Call the bank", date: today() });
      await page.reload();
      await waitForBoard(page);
      const press = (name: string) => (width.tap ? page.getByRole("button", { name }).tap() : page.getByRole("button", { name }).click());

      await press('Move "Plan the offsite" to another day');
      const dialog = page.getByRole("dialog", { name: "Move to…" });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `card-move-dialog-${width.tap ? "phone" : "desktop"}`);
      await (width.tap
        ? dialog.getByRole("button", { name: /^Next week/ }).tap()
        : dialog.getByRole("button", { name: /^Next week/ }).click());
      await expect(dialog).toBeHidden();
      await expect(card(page, "Plan the offsite")).toHaveCount(0);
      await expect(toast(page, "Task moved")).toContainText("Plan the offsite");
      await expect
        .poll(async () =>
          ((await (await page.request.get(`/api/tasks?date=${nextWeekDay(today())}`)).json()) as { id: string }[]).map((task) => task.id),
        )
        .toEqual([offsite.id]);

      if (!width.tap) {
        // `m` on a focused card opens the same choices.
        await card(page, "Call the bank").getByRole("button", { name: 'Move "Call the bank"', exact: true }).focus();
        await page.keyboard.press("m");
        await expect(page.getByRole("dialog", { name: "Move to…" })).toContainText('Move "Call the bank" to another day');
        await closeWithEscape(page, page.getByRole("dialog", { name: "Move to…" }));
      }
      await press('Complete "Call the bank"');
      await showColumn(page, "Done");
      await expect(card(column(page, "Done"), "Call the bank")).toBeVisible();
      await expect(toast(page, "Task completed").getByRole("button", { name: "Undo" })).toBeVisible();
      await saveScreenshot(page, `card-completed-${width.tap ? "phone" : "desktop"}`);
      await expect
        .poll(async () =>
          (
            (await (await page.request.get(`/api/tasks?date=${today()}`)).json()) as {
              id: string;
              status: string;
              completedAt: string | null;
            }[]
          ).find((task) => task.id === bank.id),
        )
        .toMatchObject({ status: "done", completedAt: expect.any(String) });

      // The moved task is on next week's board.
      await page.goto(`/?date=${nextWeekDay(today())}`);
      await waitForBoard(page);
      await expect(card(column(page, "To Do"), "Plan the offsite")).toBeVisible();
    });
  });
}

test("a change waiting for its answer shows the count above the page, and nothing on the page moves", async ({ page }) => {
  await signIn(page, person("slow-answer"));
  await api(page).createTask({ title: "Water the plants", date: today() });
  await page.reload();
  await waitForBoard(page);
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/api/tasks/*", async (route) => {
    if (route.request().method() === "PATCH") await answered;
    await route.continue();
  });
  const heading = page.getByRole("heading", { level: 1, name: "Today" });
  const before = await heading.boundingBox();

  await page.getByRole("button", { name: 'Complete "Water the plants"' }).click();
  await expect(page.getByRole("status").getByText("1 change waiting to sync")).toBeVisible();
  expect(await heading.boundingBox()).toEqual(before);
  answer();
  await expect(page.getByRole("status").filter({ hasText: /waiting to sync/ })).toHaveCount(0);
  expect(await heading.boundingBox()).toEqual(before);
});
