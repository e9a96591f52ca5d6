import type { Page } from "@playwright/test";
import { THEME_COLORS } from "../src/shared/theme-script.ts";
import { expect } from "./fixtures.ts";

/** The body's background in each theme (--color-background in styles.css). */
const BACKGROUND = { light: "rgb(255, 255, 255)", dark: "rgb(2, 6, 23)" } as const;
export type Theme = keyof typeof BACKGROUND;

export const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));

export async function expectTheme(page: Page, theme: Theme) {
  await expect.poll(() => isDark(page)).toBe(theme === "dark");
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(BACKGROUND[theme]);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(theme);
  // The browser's colour around the page (a phone's status bar) follows the theme too.
  expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(THEME_COLORS[theme]);
}

/** The system's theme, then the page's: the page switches in a script, so a check made before would catch colours mid-transition. */
export async function emulateSystemTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
  await expectTheme(page, theme);
}
