// The floating assistant button, its first-visit tooltip, the toasts and the dialogs' own parts
// leave the page's controls usable and in sight: at 375×812 with touch, and at 1366×900. A plain
// click fails on a covered control, so each click below also proves nothing lies on it.
import type { Locator, Page } from "@playwright/test";
import { todayInZone } from "../src/shared/rules/dates.ts";
import { api } from "./api.ts";
import { expect, saveScreenshot, test } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";

test.describe.configure({ timeout: 180_000 });

const today = () => todayInZone(new Date(), "Europe/Paris");
const TOOLTIP_TEXT = "Need help planning your day? Click me!";

let people = 0;
function person(label: string) {
  people += 1;
  return { name: "Grace Hopper", email: `clearance-${label}-${Date.now()}-${people}@example.com` };
}

const launcher = (page: Page) => page.getByRole("button", { name: /^AI Assistant/ });
const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");

/** Later visits: the first-visit tooltip counts as seen. */
async function skipFirstVisitTooltip(page: Page) {
  await page.addInitScript(() => localStorage.setItem("ai-assistant-tooltip-seen", "true"));
}

async function box(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const measured: { box: Awaited<ReturnType<Locator["boundingBox"]>> } = { box: null };
  // A card re-rendered by a refetch is briefly not laid out: measure again until it is.
  await expect(async () => {
    measured.box = await locator.boundingBox({ timeout: 2_000 });
    expect(measured.box, what).not.toBeNull();
  }).toPass({ timeout: 20_000 });
  return measured.box!;
}

/**
 * The two boxes share no pixel. Measured again until they hold: a refetch can re-render a card
 * between finding it and measuring it, and `.last()` may then name a node not yet laid out.
 */
async function expectApart(first: Locator, second: Locator, what: string) {
  await expect(first, what).toBeVisible();
  await expect(second, what).toBeVisible();
  await expect(async () => {
    const a = await first.boundingBox({ timeout: 2_000 });
    const b = await second.boundingBox({ timeout: 2_000 });
    expect(a, what).not.toBeNull();
    expect(b, what).not.toBeNull();
    const apart = a!.x + a!.width <= b!.x || b!.x + b!.width <= a!.x || a!.y + a!.height <= b!.y || b!.y + b!.height <= a!.y;
    expect(apart, `${what}: ${JSON.stringify(a)} and ${JSON.stringify(b)} overlap`).toBe(true);
  }).toPass({ timeout: 20_000 });
}

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
  await expect
    .poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.scrollingElement!.scrollHeight))
    .toBe(true);
}

/** Waits for running animations (a dialog zooming in, a toast sliding in) to finish. */
async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
}

async function openSettingsTab(page: Page, name: string) {
  await page.goto("/settings");
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test("the last controls of the Rollover settings and of a long board scroll clear of the assistant button", async ({ page }) => {
    test.slow();
    await skipFirstVisitTooltip(page);
    await signIn(page, person("scroll"));

    await openSettingsTab(page, "Rollover");
    const form = page.getByRole("form", { name: "Rollover settings" });
    const stall = form.getByRole("switch", { name: "Stall in-progress tasks" });
    await expect(stall).toBeVisible();
    await scrollToBottom(page);
    await saveScreenshot(page, "clearance-rollover-phone");
    await page.screenshot({ path: "test-results/screenshots/clearance-rollover-phone-window.png" });
    await stall.click();
    await expect(stall).toHaveAttribute("aria-checked", "false");
    const save = form.getByRole("button", { name: /Save/ });
    await scrollToBottom(page);
    await expectApart(save, launcher(page), "Save and the assistant button");
    await save.click();
    await expect(toast(page).getByText("Settings saved", { exact: true })).toBeVisible();

    const calls = api(page);
    for (let index = 1; index <= 8; index += 1) await calls.createTask({ title: `Task number ${index}`, date: today() });
    await page.goto("/");
    await waitForBoard(page);
    await scrollToBottom(page);
    await page.screenshot({ path: "test-results/screenshots/clearance-board-phone-window.png" });
    const lastDelete = page.getByRole("button", { name: /^Delete "/ }).last();
    await expectApart(lastDelete, launcher(page), "the last card's delete button and the assistant button");
    await lastDelete.click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Task" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
  });

  test("the first-visit tooltip shows clear of every control of the empty board", async ({ page }) => {
    await signIn(page, person("tooltip"));
    await expect(page.getByRole("heading", { name: "Your day awaits" })).toBeVisible();
    // Held back where it would cover a control: ai-assistant.test.tsx. Here the board leaves it room.
    const tooltip = page.getByRole("status").filter({ hasText: TOOLTIP_TEXT });
    await expect(tooltip).toBeVisible();
    const box = (await tooltip.boundingBox())!;
    await saveScreenshot(page, "clearance-tooltip-phone");
    const own = await launcher(page).boundingBox();
    for (const control of await page.getByRole("button").or(page.getByRole("link")).or(page.getByRole("textbox")).all()) {
      const other = await control.boundingBox();
      if (!other || !(await control.isVisible()) || (own && other.x === own.x && other.y === own.y)) continue;
      const overlaps =
        box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
      expect(overlaps, `the tooltip over ${await control.textContent()}`).toBe(false);
    }
    await page.getByRole("button", { name: "Add Task" }).last().click();
    await expect(page.getByRole("dialog", { name: "Create New Task" })).toBeVisible();
  });

  test("a toast shown while a dialog opens keeps off its title and close button", async ({ page }) => {
    await skipFirstVisitTooltip(page);
    await signIn(page, person("toast"));
    await page.getByRole("button", { name: "Add Task" }).first().click();
    const create = page.getByRole("dialog", { name: "Create New Task" });
    await create.getByLabel("Task Title").fill("Call the bank");
    await create.getByRole("button", { name: "Create Task" }).click();
    await expect(toast(page)).toContainText("Task created successfully");

    // The tallest dialog of the board, opened while the toast is up (issue 56: toasts sit beside a modal).
    await page.getByRole("button", { name: /^Edit "Call the bank/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit Task" });
    await settle(page);
    await saveScreenshot(page, "clearance-toast-dialog-phone");
    // Whatever the toast's place (beside the dialog, or behind its overlay), nothing lies over these two.
    for (const control of [edit.getByRole("heading", { name: "Edit Task" }), edit.getByRole("button", { name: "Close" })]) {
      const { x, y, width, height } = await box(control, "a control of the dialog");
      const onTop = await control.evaluate(
        (element, [cx, cy]) => element.contains(document.elementFromPoint(cx!, cy!)),
        [x + width / 2, y + height / 2],
      );
      expect(onTop, `${await control.textContent()} is not covered`).toBe(true);
    }
    await edit.getByRole("button", { name: "Update Task" }).click();
    await expect(edit).toBeHidden();
  });
});

test.describe("at 1366×900", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("a toast sits above the assistant button", async ({ page }) => {
    await skipFirstVisitTooltip(page);
    await signIn(page, person("desktop-toast"));
    await openSettingsTab(page, "Notifications");
    await page.getByRole("switch", { name: "Procrastination alerts" }).click();
    await expect(toast(page).getByText("Preferences Saved", { exact: true })).toBeVisible();
    await settle(page);
    await saveScreenshot(page, "clearance-toast-desktop");
    await expectApart(toast(page), launcher(page), "the toast and the assistant button");
    await launcher(page).click();
    await expect(page.getByRole("dialog", { name: "AI Assistant" })).toBeVisible();
  });

  test("the fullscreen assistant has one header: one provider picker, one clear button", async ({ page }) => {
    await skipFirstVisitTooltip(page);
    await signIn(page, person("fullscreen"));
    await launcher(page).click();
    const panel = page.getByRole("dialog", { name: "AI Assistant" });
    await panel.getByRole("group", { name: "Panel size" }).getByRole("button", { name: "Fullscreen" }).click();
    await expect(panel.getByRole("heading", { name: "AI Planning Assistant" })).toBeVisible();
    await settle(page);
    await saveScreenshot(page, "clearance-fullscreen-desktop");
    await expect(panel.getByText("Always here to help")).toHaveCount(0);
    await expect(panel.getByRole("combobox")).toHaveCount(1);
    await expect(panel.getByRole("button", { name: /^Clear/ })).toHaveCount(1);
    await expect(panel.getByRole("button", { name: "Chat settings" })).toHaveCount(0);
  });

  test("the Break Down dialog keeps Cancel and Create in sight with the capacity warning, and its number fields narrow", async ({
    page,
  }) => {
    test.slow();
    await skipFirstVisitTooltip(page);
    await signIn(page, person("breakdown"));
    const goal = await api(page).createGoal({ title: "Write a book" });
    await page.goto("/goals");
    await page.getByRole("article", { name: goal.title }).getByRole("button", { name: "Break Down" }).click();
    const dialog = page.getByRole("dialog", { name: "Break Down Goal" });
    await dialog.getByRole("button", { name: "Generate Tasks" }).click();
    await expect(dialog.getByRole("heading", { name: /Suggested Tasks/ })).toBeVisible();
    await dialog.getByRole("button", { name: "Distribute Across Days" }).click();
    const minutes = dialog.getByRole("listitem").first().getByRole("spinbutton");
    await minutes.fill("250");
    const warning = dialog.getByText("Adding these tasks will put you at 104% capacity. Consider deferring some tasks.");
    await expect(warning).toBeVisible();
    await warning.scrollIntoViewIfNeeded();
    await settle(page);
    await saveScreenshot(page, "clearance-breakdown-desktop");
    await page.screenshot({ path: "test-results/screenshots/clearance-breakdown-desktop-window.png" });

    const shown = await box(dialog, "the dialog");
    for (const name of ["Cancel", /^Create \d+ Tasks?$/]) {
      const button = await box(dialog.getByRole("button", { name }), String(name));
      expect(button.y, `${String(name)} top`).toBeGreaterThanOrEqual(shown.y);
      expect(button.y + button.height, `${String(name)} bottom`).toBeLessThanOrEqual(Math.min(shown.y + shown.height, 900));
    }
    expect((await box(minutes, "the minutes field")).width, "the minutes field's width").toBeLessThanOrEqual(160);
    // Back to the top of the list: the buttons are still there, and work.
    await dialog.getByRole("heading", { name: "Break Down Goal" }).scrollIntoViewIfNeeded();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });
});
