// The browser storage the app keeps for the signed-in user (src/web/lib/user-storage.ts), as
// journeys read and seed it: each value stored with the id of the user it belongs to.
import type { Page } from "@playwright/test";
import type { User } from "../src/shared/api/user.ts";
import { parseUserItem, userItemText } from "../src/web/lib/user-storage.ts";
import { expect } from "./fixtures.ts";

async function signedInUserId(page: Page): Promise<string> {
  const response = await page.request.get("/api/user");
  expect(response.status(), "a signed-in user").toBe(200);
  return ((await response.json()) as User).id;
}

/** The signed-in user's value under `key`, as the app reads it: null when none, or another user's. */
export async function readUserItem(page: Page, key: string): Promise<string | null> {
  const userId = await signedInUserId(page);
  const item = parseUserItem(await page.evaluate((storageKey) => localStorage.getItem(storageKey), key));
  return item?.userId === userId ? item.value : null;
}

/** Stores `value` under `key` for the signed-in user, in the page open now. */
export async function writeUserItem(page: Page, key: string, value: string): Promise<void> {
  const text = userItemText(await signedInUserId(page), value);
  await page.evaluate(([storageKey, storedText]) => localStorage.setItem(storageKey, storedText), [key, text] as const);
}

/** Stores `value` under `key` for the signed-in user before each page this page loads from now on. */
export async function writeUserItemOnEveryLoad(page: Page, key: string, value: string): Promise<void> {
  const text = userItemText(await signedInUserId(page), value);
  await page.addInitScript(([storageKey, storedText]) => localStorage.setItem(storageKey, storedText), [key, text] as const);
}
