import { closeWithEscape, expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";

const person = { name: "Ada Lovelace", email: "ada.shell@example.com" };

test.describe("the signed-in shell on a desktop", () => {
  test.use({ viewport: viewports.desktop });

  test("navigates between the pages with the header links, opens the avatar menu; /ai-chat redirects to the board, an unknown path is not found", async ({
    page,
  }) => {
    test.slow();
    await signIn(page, person);
    const nav = page.getByRole("navigation", { name: "Main" });

    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Tasks" })).toHaveAttribute("aria-current", "page");
    await saveScreenshot(page, "shell-desktop-today");

    for (const [label, heading, path] of [
      ["Goals", "Goals", "/goals"],
      ["Insights", "Insights", "/insights"],
      ["Settings", "Settings", "/settings"],
      ["Tasks", "Today", "/"],
    ] as const) {
      await nav.getByRole("link", { name: label }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveURL(path);
      await expect(nav.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
      // As after a page load, keyboard users continue in the new page, not in the header.
      await expect(page.getByRole("main")).toBeFocused();
    }
    // Every page's code is in now, and the page still has its one stylesheet, the one in its HTML:
    // no chunk links it again (decision 013).
    expect(await page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.ownerNode?.nodeName))).toEqual(["STYLE"]);
    // Back and Forward move focus the same way.
    await nav.getByRole("link", { name: "Goals" }).focus();
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByRole("main")).toBeFocused();
    await page.goForward();
    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();

    const avatarButton = page.getByRole("button", { name: "Account menu for Ada Lovelace (AL)" });
    await avatarButton.click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText("Ada Lovelace");
    await expect(menu).toContainText("ada.shell@example.com");
    await expect(menu.getByRole("menuitem", { name: "Log out" })).toBeVisible();
    await saveScreenshot(page, "shell-desktop-avatar-menu");
    await closeWithEscape(page, menu);
    await expect(avatarButton).toBeFocused();

    // From the keyboard, the menu opens on its first action (the first theme, decision 017); Log out is last.
    await page.keyboard.press("Enter");
    await expect(menu.getByRole("menuitemradio", { name: "Light" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(menu.getByRole("menuitem", { name: "Log out" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(avatarButton).toBeFocused();

    // /ai-chat redirects to the board, and an unknown path says the page is not found.
    await page.goto("/ai-chat");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();

    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to today" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  });

  test("a 60-character name is cut with its whole text reachable; the nav labels and the greeting stay whole; Settings shows every tab at every width", async ({
    page,
  }) => {
    const longName = "Maximiliana Alexandrina Wolfeschlegelsteinhausen-Bergerdorff";
    expect(longName).toHaveLength(60);
    await signIn(page, { name: longName, email: `long-name-${Date.now()}@example.com` });
    // Back again, to the longer greeting.
    await page.reload();
    await waitForBoard(page);
    const header = page.getByRole("banner");
    const nav = page.getByRole("navigation", { name: "Main" });
    // At 1280 px the name fits; at the narrowest width with the desktop navigation it is cut.
    for (const [width, isNameCut] of [
      [1280, false],
      [800, true],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      for (const label of ["Tasks", "Goals", "Insights", "Settings"]) {
        // One line: as high as the link's 36 px box (h-9), however narrow the header.
        const link = nav.getByRole("link", { name: label });
        expect(await link.evaluate((element) => element.scrollHeight)).toBe(36);
        expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      }
      const greeting = header.getByText("Welcome back,");
      expect(await greeting.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      const name = header.getByText(longName);
      await expect(name).toHaveAttribute("title", longName);
      expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(isNameCut);
      await saveScreenshot(page, `shell-long-name-${width}`);
    }

    // Settings shows every section's tab at every width, none behind a horizontal scroll.
    await page.goto("/settings");
    const tabs = page.getByRole("tablist", { name: "Settings sections" });
    await expect(tabs.getByRole("tab")).toHaveCount(8);
    for (const width of [1280, 800, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await tabs.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      for (const tab of await tabs.getByRole("tab").all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x + box.width, `${await tab.textContent()} at ${width} px`).toBeLessThanOrEqual(width);
      }
      await saveScreenshot(page, `settings-tabs-${width}`);
    }
  });
});

test.describe("the signed-in shell on a phone", () => {
  test.use({ viewport: viewports.phone });

  test("collapses the navigation into a keyboard-usable menu", async ({ page }) => {
    await signIn(page, person);
    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
    await saveScreenshot(page, "shell-phone-today");

    const menuButton = page.getByRole("button", { name: "Open navigation menu" });
    await menuButton.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText(["Tasks", "Goals", "Insights", "Settings"]);
    await expect(menu.getByRole("menuitem", { name: "Tasks" })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("menuitem", { name: "Goals" })).not.toHaveAttribute("aria-current");
    await saveScreenshot(page, "shell-phone-menu");

    // Each key once the menu shows its effect: on a busy machine a key pressed early lands elsewhere.
    await expect(menu.getByRole("menuitem", { name: "Tasks" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Goals" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Goals" })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("main")).toBeFocused();

    // Closed without choosing another page, the menu gives focus back to its button.
    await menuButton.focus();
    await page.keyboard.press("Enter");
    await expect(menu.getByRole("menuitem", { name: "Goals" })).toBeVisible();
    await closeWithEscape(page, menu);
    await expect(menuButton).toBeFocused();
  });
});
