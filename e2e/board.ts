// The board as the journeys find it: its columns, its cards and quick add.
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

export type ColumnName = "To Do" | "In Progress" | "Done";

export function column(page: Page, name: ColumnName): Locator {
  return page.getByRole("region", { name: new RegExp(`^${name}\\b`) });
}

export function card(scope: Locator | Page, title: string): Locator {
  return scope.getByRole("article", { name: new RegExp(`(^|: )${title}$`) });
}

/** Below md the board shows one column at a time: its tab shows it (a no-op on a wider screen). */
export async function showColumn(page: Page, name: ColumnName) {
  const tab = page.getByRole("tablist", { name: "Task status" }).getByRole("tab", { name: new RegExp(`^${name}\\b`) });
  if (await tab.isVisible()) await tab.click();
  await expect(column(page, name)).toBeVisible();
}

export async function quickAdd(page: Page, title: string) {
  const input = page.getByRole("textbox", { name: "Quick add a task" });
  await input.fill(title);
  await input.press("Enter");
  await expect(input).toHaveValue("");
}
