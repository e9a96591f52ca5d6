import type { Locator, Page } from "@playwright/test";
import { todayInZone } from "../src/shared/rules/dates.ts";
import { api } from "./api.ts";
import { closeWithEscape, expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";
import { writeUserItem } from "./user-storage.ts";
import { column } from "./board.ts";

const today = () => todayInZone(new Date(), "Europe/Paris");

const handle = (scope: Page | Locator, title: string) => scope.getByRole("button", { name: `Move "${title}"`, exact: true });

test.describe("board shortcuts", () => {
  test.use({ viewport: viewports.desktop });

  test("move focus between cards, move a card to a column, edit, delete and list the shortcuts, all by keyboard", async ({ page }) => {
    test.slow();
    await signIn(page, { name: "Keys Person", email: `shortcuts-${Date.now()}@example.com` });
    // No celebration toast over the dialogs this journey opens (notifications.spec.ts has its own);
    // the reload below reads it.
    const preferences = JSON.stringify({ completionCelebrations: false, stalledTasks: false });
    await writeUserItem(page, "daywise:notification-preferences", preferences);
    for (const title of ["First task", "Second task", "Third task"]) await api(page).createTask({ title, date: today() });
    await page.reload();
    await waitForBoard(page);
    await expect(handle(page, "Third task")).toBeVisible();

    // j and k (and the arrows, from a card) move focus between cards.
    await page.locator("body").press("j");
    await expect(handle(page, "First task")).toBeFocused();
    await page.keyboard.press("j");
    await expect(handle(page, "Second task")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(handle(page, "Third task")).toBeFocused();
    await page.keyboard.press("k");
    await expect(handle(page, "Second task")).toBeFocused();

    // 2 moves the focused card to In Progress, 3 to Done; focus stays on it.
    await page.keyboard.press("2");
    await expect(handle(column(page, "In Progress"), "Second task")).toBeFocused();
    await page.keyboard.press("3");
    await expect(handle(column(page, "Done"), "Second task")).toBeFocused();

    // e edits the focused card; Escape closes the dialog.
    await page.keyboard.press("e");
    const edit = page.getByRole("dialog", { name: "Edit Task" });
    await expect(edit).toBeVisible();
    await expect(edit.getByLabel(/^Task Title/)).toHaveValue("Second task");
    await closeWithEscape(page, edit);

    // Delete asks first.
    await handle(page, "First task").focus();
    await page.keyboard.press("Delete");
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(handle(page, "First task")).toBeVisible();
    // Confirmed, the card goes at once and focus moves on to the next card, not to the page.
    await expect(handle(page, "First task")).toBeFocused();
    await page.keyboard.press("Delete");
    await confirm.getByRole("button", { name: "Delete" }).press("Enter");
    await expect(handle(page, "First task")).toHaveCount(0);
    await expect(handle(page, "Third task")).toBeFocused();

    // Typing in a field fires nothing: an n in quick add is just a letter.
    const quickAdd = page.getByRole("textbox", { name: "Quick add a task" });
    await quickAdd.click();
    await page.keyboard.type("n j 2");
    await expect(quickAdd).toHaveValue("n j 2");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await quickAdd.press("Escape");

    // n opens the new task dialog; ? lists the shortcuts.
    await page.locator("main").focus();
    await page.keyboard.press("n");
    await expect(page.getByRole("dialog", { name: "Create New Task" })).toBeVisible();
    await closeWithEscape(page, page.getByRole("dialog"));
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toBeVisible();
    await expect(help).toContainText("Move the card to To Do, In Progress, Done");
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
    await saveScreenshot(page, "board-shortcuts-help");
  });
});
