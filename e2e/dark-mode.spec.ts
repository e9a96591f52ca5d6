// Dark mode (decision 017): light, dark and the system's theme, remembered per browser; no paint in
// the wrong theme on load. Every screen in each theme passes axe in accessibility.spec.ts.
import { THEME_STORAGE_KEY } from "../src/shared/theme-script.ts";
import { expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { emulateSystemTheme, expectTheme } from "./theme.ts";

test.describe("dark mode", () => {
  test.use({ viewport: viewports.desktop });

  test("the stored theme is on the page before its code runs, and 'system' follows the system live", async ({ page }) => {
    // No choice yet: the system's scheme, followed while the page is open.
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectTheme(page, "light");
    await emulateSystemTheme(page, "dark");
    await emulateSystemTheme(page, "light");

    // Dark chosen, the system light: the page's code is held back, and the page is dark already,
    // before any of the app's script has run (so there is no first paint in the light theme).
    await page.evaluate((key) => localStorage.setItem(key, "dark"), THEME_STORAGE_KEY);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.reload({ waitUntil: "commit" });
    await page.waitForFunction(() => document.body !== null && getComputedStyle(document.body).backgroundColor !== "");
    // The welcome screen is the HTML's own (the app sets the title "Welcome · Daywise" when it runs).
    await expect(page.getByRole("heading", { level: 1, name: "Daywise" })).toBeVisible();
    expect(await page.title()).toBe("Daywise");
    await expectTheme(page, "dark");
    await saveScreenshot(page, "dark-mode/dark-before-the-code-runs");
    release();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectTheme(page, "dark");
    await page.unrouteAll();

    // A chosen theme is kept whatever the system does.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.evaluate((key) => localStorage.setItem(key, "light"), THEME_STORAGE_KEY);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectTheme(page, "light");
    await page.emulateMedia({ colorScheme: "light" });
    await page.emulateMedia({ colorScheme: "dark" });
    await expectTheme(page, "light");
  });
});
