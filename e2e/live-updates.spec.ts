import type { Browser } from "@playwright/test";
import { expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { signIn } from "./sign-in.ts";
import { card, column, quickAdd, showColumn } from "./board.ts";

// Another device's change shows within 2 s, with no reload (decision 038), even on a busy machine.
const LIVE = { timeout: 2_000 };

let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Live ${label}`, email: `live-${label}-${Date.now()}-${people}@example.com` };
}

/** A signed-in board whose change stream is open. */
async function openBoard(browser: Browser, who: { name: string; email: string }, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const streamOpen = page.waitForResponse((response) => response.url().includes("/api/events") && response.status() === 200);
  await signIn(page, who);
  await streamOpen;
  return page;
}

test("a change on the phone shows on the desktop and back, and another person's board stays as it was", async ({ browser }) => {
  test.slow();
  const me = person("me");
  const desktop = await openBoard(browser, me, viewports.desktop);
  const phone = await openBoard(browser, me, { width: 375, height: 812 });
  const stranger = await openBoard(browser, person("stranger"), viewports.desktop);
  await quickAdd(stranger, "Their own task");

  await quickAdd(phone, "Buy milk");
  await expect(card(column(desktop, "To Do"), "Buy milk")).toBeVisible(LIVE);

  // Moved on the phone (its keyboard shortcut: 3 is Done), done on the desktop.
  await showColumn(phone, "To Do");
  await phone.getByRole("button", { name: 'Move "Buy milk"', exact: true }).focus();
  await phone.keyboard.press("3");
  await expect(card(column(desktop, "Done"), "Buy milk")).toBeVisible(LIVE);
  await expect(card(column(desktop, "To Do"), "Buy milk")).toHaveCount(0);

  // Deleted on the desktop, gone from the phone.
  await quickAdd(desktop, "Call the plumber");
  await showColumn(phone, "To Do");
  await expect(card(column(phone, "To Do"), "Call the plumber")).toBeVisible(LIVE);
  await card(column(desktop, "Done"), "Buy milk").getByRole("button", { name: 'Delete "Buy milk"' }).click();
  await desktop.getByRole("alertdialog", { name: "Delete Task" }).getByRole("button", { name: "Delete" }).click();
  await showColumn(phone, "Done");
  await expect(card(phone, "Buy milk")).toHaveCount(0, LIVE);

  // A task deleted on the phone while its edit dialog is open on the desktop: the dialog closes and says so.
  await card(column(desktop, "To Do"), "Call the plumber").getByRole("button", { name: 'Edit "Call the plumber"' }).click();
  const dialog = desktop.getByRole("dialog", { name: "Edit Task" });
  await dialog.getByLabel(/^Task Title/).fill("Call the plumber about the sink");
  await showColumn(phone, "To Do");
  await card(column(phone, "To Do"), "Call the plumber").getByRole("button", { name: 'Delete "Call the plumber"' }).click();
  await phone.getByRole("alertdialog", { name: "Delete Task" }).getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden(LIVE);
  await expect(desktop.getByText("This task was deleted or moved on another device", { exact: true })).toBeVisible();
  await saveScreenshot(desktop, "live-updates-dialog-closed");

  await expect(card(column(stranger, "To Do"), "Their own task")).toBeVisible();
  await expect(card(stranger, "Buy milk")).toHaveCount(0);
  await expect(card(stranger, "Call the plumber")).toHaveCount(0);
  // Closed, so that their boards and streams do not run on beside the worker's next journeys.
  await Promise.all([desktop, phone, stranger].map((page) => page.context().close()));
});
