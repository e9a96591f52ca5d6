import type { Page } from "@playwright/test";
import { addDays, todayInZone } from "../src/shared/rules/dates.ts";
import { shortDateLabel } from "../src/web/features/tasks/lib/day-labels.ts";
import { api } from "./api.ts";
import { closeWithEscape, expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";
import { toasts } from "./toasts.ts";

// playwright.config.ts runs the browser in Europe/Paris; the user's zone comes from it at sign-in.
const today = () => todayInZone(new Date(), "Europe/Paris");

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });
const command = (page: Page) => palette(page).getByRole("combobox", { name: "Command" });

/** Ctrl+K, then waits until the palette's field has focus (the palette loads on first use). */
async function openPalette(page: Page) {
  await page.keyboard.press("Control+k");
  await expect(command(page)).toBeFocused();
}

async function runCommand(page: Page, text: string, option: string | RegExp) {
  await openPalette(page);
  await command(page).fill(text);
  await expect(palette(page).getByRole("option", { selected: true })).toContainText(option);
  await command(page).press("Enter");
  await expect(palette(page)).toBeHidden();
}

test.describe("the command palette", () => {
  test.use({ viewport: viewports.desktop });

  test("goes to pages and days, adds a task, ends the day and opens the assistant, all from the keyboard", async ({ page }) => {
    test.slow();
    await signIn(page, { name: "Palette Person", email: `palette-${Date.now()}@example.com` });
    await waitForBoard(page);

    // Every command listed at first; arrows move the choice; Escape closes and gives focus back.
    await openPalette(page);
    const options = palette(page).getByRole("option");
    await expect(options.first()).toHaveText("Go to Today");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await command(page).press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await saveScreenshot(page, "command-palette");
    await command(page).press("Escape");
    await expect(palette(page)).toBeHidden();

    await runCommand(page, "goals", "Go to Goals");
    await expect(page.getByRole("heading", { level: 1, name: "Goals" })).toBeVisible();

    await runCommand(page, "tomorrow", `Go to ${shortDateLabel(addDays(today(), 1))}`);
    await expect(page.getByRole("heading", { level: 1, name: shortDateLabel(addDays(today(), 1)) })).toBeVisible();

    await runCommand(page, "Buy milk 10m", "Add task “Buy milk”");
    await expect(toasts(page).filter({ hasText: "Task created successfully" })).toContainText("Buy milk · Today");
    await page.getByRole("button", { name: "Back to today" }).click();
    await expect(page.getByRole("article", { name: /Buy milk$/ })).toBeVisible();

    await runCommand(page, "wrap", "End Day");
    await expect(page.getByRole("dialog", { name: "Daily Wrap-up" })).toBeVisible();
    await closeWithEscape(page, page.getByRole("dialog", { name: "Daily Wrap-up" }));

    // Search finds tasks of any day by the start of their words, and opens the day.
    const calls = api(page);
    await calls.createTask({ title: "Write the quarterly report", date: addDays(today(), -3) });
    await calls.createTask({ title: "Quarterly planning someday" });
    await openPalette(page);
    await command(page).fill("quarterly rep");
    const found = palette(page).getByRole("option", { name: /Write the quarterly report/ });
    await expect(found).toContainText(shortDateLabel(addDays(today(), -3)).split(", ")[1]!);
    await saveScreenshot(page, "command-palette-search");
    // No page or action matches: the task comes first, chosen, before adding the text as a task.
    await expect(found).toHaveAttribute("aria-selected", "true");
    await expect(palette(page).getByRole("option").last()).toHaveText(/Add task “quarterly rep”/);
    await command(page).press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: shortDateLabel(addDays(today(), -3)) })).toBeVisible();
    await expect(page.getByRole("article", { name: /Write the quarterly report$/ })).toBeVisible();
    // An unscheduled one opens the Future Tasks panel.
    await runCommand(page, "planning som", "Quarterly planning someday");
    await expect(page.getByRole("dialog", { name: "Future Tasks" })).toBeVisible();
    await page.keyboard.press("Escape");

    await runCommand(page, "assistant", "Open the AI Assistant");
    await expect(
      page.getByRole("complementary", { name: "AI Assistant" }).or(page.getByRole("dialog", { name: "AI Assistant" })),
    ).toBeVisible();
  });
});
