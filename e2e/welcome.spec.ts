import { expect, saveScreenshot, test, viewports } from "./fixtures.ts";

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`a signed-out visitor on a ${name}`, () => {
    test.use({ viewport });

    test("sees the welcome screen with a sign-in button", async ({ page }) => {
      await page.goto("/");

      await expect(page.getByRole("heading", { level: 1, name: "Daywise" })).toBeVisible();
      await expect(page.getByText("private to your account")).toBeVisible();
      const signIn = page.getByRole("link", { name: /^Sign in with / });
      await expect(signIn.first()).toBeVisible();
      await expect(page.locator('a[href="/auth/local"]')).toBeVisible();
      await expect(page).toHaveTitle("Welcome · Daywise");

      await saveScreenshot(page, `welcome-${name}`);
    });
  });
}

test("an unknown path gets the app with status 404, which shows the welcome screen to visitors", async ({ page }) => {
  const response = await page.goto("/no-such-page");

  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Daywise" })).toBeVisible();
});

test("the welcome screen is keyboard usable: the sign-in button takes focus with a visible ring", async ({ page }) => {
  await page.goto("/");
  const signIn = page.locator('a[href="/auth/local"]');
  await expect(signIn).toBeVisible();

  for (let presses = 0; presses < 10 && !(await signIn.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }

  await expect(signIn).toBeFocused();
  const outline = await signIn.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe("none");
});

test.describe("before any script has run", () => {
  test.use({ javaScriptEnabled: false });

  test("the page's HTML is the welcome screen itself, and its button starts the sign-in, back to the page opened", async ({ page }) => {
    await page.goto("/goals");

    await expect(page.getByRole("heading", { level: 1, name: "Daywise" })).toBeVisible();
    await expect(page.getByText("Loading...")).toHaveCount(0);
    const signIn = page.getByRole("link", { name: "Sign in with Local account" });
    await expect(signIn).toHaveAttribute("href", "/auth/local?returnTo=%2Fgoals");
    await signIn.click();
    // The sign-in provider's own page (the built-in local one here).
    await expect(page.getByLabel("Email")).toBeVisible();
  });
});
