import type { Locator, Page } from "@playwright/test";
import { addDays, todayInZone } from "../src/shared/rules/dates.ts";
import { firstRepeatDay } from "../src/shared/rules/quick-add.ts";
import { expect, saveScreenshot, test } from "./fixtures.ts";
import { afterPickUp, signIn, waitForBoard, waitForDragAndDrop } from "./sign-in.ts";
import { toasts } from "./toasts.ts";
import { card, column } from "./board.ts";

let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Repeat ${label}`, email: `recurring-${label}-${Date.now()}-${people}@example.com` };
}

// playwright.config.ts's browser zone, which a new user's zone follows.
const today = () => todayInZone(new Date(), "Europe/Paris");

function weekdayName(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
}

async function openDay(page: Page, date: string) {
  await page.goto(`/?date=${date}`);
  await waitForBoard(page);
}

async function openNewTaskDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Add Task" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create New Task" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("recurring tasks", () => {
  test("a daily series from the dialog shows once a day; completing today's leaves tomorrow's", async ({ page }) => {
    test.slow();
    await signIn(page, person("daily"));

    const dialog = await openNewTaskDialog(page);
    await dialog.getByLabel(/^Task Title/).fill("Morning review");
    await dialog.getByLabel("Repeat").selectOption("daily");
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog).toBeHidden();

    const todays = card(column(page, "To Do"), "Morning review");
    await expect(todays).toHaveCount(1);
    await expect(todays.getByTestId("task-repeat")).toHaveAttribute("title", "Every day");

    // Tomorrow holds exactly one occurrence, read again or not.
    await page.getByRole("button", { name: "Next day" }).click();
    await expect(card(column(page, "To Do"), "Morning review")).toHaveCount(1);
    await page.reload();
    await waitForBoard(page);
    await expect(card(page, "Morning review")).toHaveCount(1);

    // Today's, done through the keyboard's move to the Done column.
    await page.getByRole("button", { name: "Previous day" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
    await waitForDragAndDrop(page);
    await column(page, "To Do").getByRole("button", { name: 'Move "Morning review"', exact: true }).focus();
    // Each key waits for the board's announcement of the one before: a busy machine drops keys sent ahead.
    await page.keyboard.press("Space");
    await afterPickUp(page, 'Picked up "Morning review" from the To Do column.');
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText('"Morning review" is over the In Progress column.')).toBeAttached();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText('"Morning review" is over the Done column.')).toBeAttached();
    await page.keyboard.press("Space");
    await expect(card(column(page, "Done"), "Morning review")).toBeVisible();
    await expect(card(page, "Morning review")).toHaveCount(1);

    await openDay(page, addDays(today(), 1));
    await expect(card(column(page, "To Do"), "Morning review")).toHaveCount(1);
    await expect(card(column(page, "Done"), "Morning review")).toHaveCount(0);
    await openDay(page, addDays(today(), 7));
    await expect(card(page, "Morning review")).toHaveCount(1);
  });

  test("a series from quick add, edited from one day on and deleted for one day", async ({ page }) => {
    test.slow();
    await signIn(page, person("weekly"));
    const rule = "FREQ=WEEKLY;BYDAY=MO,TH";
    const first = firstRepeatDay(rule, today());
    const second = firstRepeatDay(rule, addDays(first, 1));
    const third = firstRepeatDay(rule, addDays(second, 1));

    const quickAdd = page.getByRole("textbox", { name: "Quick add a task" });
    await quickAdd.fill("Gym every monday and thursday 7am");
    await expect(page.getByTestId("quick-add-preview")).toContainText("Repeats Every week on Monday and Thursday");
    await quickAdd.press("Enter");
    await expect(toasts(page).filter({ hasText: "Task created successfully" })).toContainText("Gym");

    // This and following: the first occurrence keeps its title, the second and third get the new one.
    await openDay(page, second);
    const gym = card(page, "Gym");
    await expect(gym).toHaveCount(1);
    await expect(gym.getByTestId("task-repeat")).toHaveAttribute("title", "Every week on Monday and Thursday");
    await gym.getByRole("button", { name: 'Edit "Gym"' }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await dialog.getByLabel(/^Task Title/).fill("Gym session");
    await dialog.getByRole("button", { name: "Update Task" }).click();
    const question = page.getByRole("alertdialog", { name: "Edit repeating task" });
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "This and following" }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, "Gym session")).toHaveCount(1);
    await openDay(page, first);
    await expect(card(page, "Gym")).toHaveCount(1);
    await expect(card(page, "Gym session")).toHaveCount(0);
    await openDay(page, third);
    await expect(card(page, "Gym session")).toHaveCount(1);
    await expect(card(page, "Gym session")).toContainText("7:00 AM");

    // This task: only that day's occurrence goes.
    await card(page, "Gym session").getByRole("button", { name: 'Delete "Gym session"' }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Task" });
    await expect(confirm).toContainText('Are you sure you want to delete "Gym session"?');
    await confirm.getByRole("button", { name: "This task" }).click();
    await expect(card(page, "Gym session")).toHaveCount(0);
    await page.reload();
    await waitForBoard(page);
    await expect(card(page, "Gym session")).toHaveCount(0);
    await openDay(page, second);
    await expect(card(page, "Gym session")).toHaveCount(1);
  });

  test("the Repeat select and its custom editor on a phone, light and dark", async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, person("phone"));
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const dialog = await openNewTaskDialog(page);
      await dialog.getByLabel(/^Task Title/).fill("Weekly report");
      await dialog.getByLabel("Repeat").selectOption("custom");
      const editor = dialog.getByRole("group", { name: "Custom repeat" });
      // Starts on the task's weekday; a second day beside it.
      await expect(editor.getByRole("button", { pressed: true })).toHaveCount(1);
      await editor.getByRole("button", { name: weekdayName(today()) === "Monday" ? "Tuesday" : "Monday" }).click();
      await expect(editor.getByRole("button", { pressed: true })).toHaveCount(2);
      await editor.getByRole("radio", { name: "After" }).check();
      await saveScreenshot(page, `recurring-custom-editor-phone-${scheme}`);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    }
  });
});
