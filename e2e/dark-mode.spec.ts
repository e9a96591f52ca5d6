// Issue 17, dark mode (decision 017): light, dark and the system's theme, remembered per browser; no
// paint in the wrong theme on load; every screen and dialog passes axe (colour contrast included)
// in both themes. Screenshots of each screen in each theme: test-results/screenshots/dark-mode/.
import type { Locator, Page } from "@playwright/test";
import { addDays, todayInZone } from "../src/shared/rules/dates.ts";
import { THEME_COLORS, THEME_STORAGE_KEY } from "../src/shared/theme-script.ts";
import { api as calls } from "./api.ts";
import { closeToasts, closeWithEscape, expect, expectNoAxeViolations, saveScreenshot, test, viewports } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";

const timeZone = "Europe/Paris";
const today = () => todayInZone(new Date(), timeZone);
/** The body's background in each theme (--color-background in styles.css). */
const BACKGROUND = { light: "rgb(255, 255, 255)", dark: "rgb(2, 6, 23)" } as const;
type Theme = keyof typeof BACKGROUND;

function person(label: string) {
  return { name: `Dusk ${label}`, email: `dark-mode-${label}-${Date.now()}@example.com` };
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function expectTheme(page: Page, theme: Theme) {
  await expect.poll(() => isDark(page)).toBe(theme === "dark");
  expect(await bodyBackground(page)).toBe(BACKGROUND[theme]);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(theme);
  // The browser's colour around the page (a phone's status bar) follows the theme too.
  expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(THEME_COLORS[theme]);
}

/** Waits for running animations (a dialog zooming in) to finish, before a screenshot. */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** A screenshot to look at, and axe's verdict, of what is on screen now. */
async function check(page: Page, theme: Theme, name: string) {
  await settle(page);
  await saveScreenshot(page, `dark-mode/${theme}-${name}`);
  await expectNoAxeViolations(page);
}

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });

async function runPaletteCommand(page: Page, text: string, option: string | RegExp) {
  await page.keyboard.press("Control+k");
  const field = palette(page).getByRole("combobox", { name: "Command" });
  await expect(field).toBeFocused();
  await field.fill(text);
  await expect(palette(page).getByRole("option", { selected: true })).toContainText(option);
  await field.press("Enter");
  await expect(palette(page)).toBeHidden();
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

async function openAccountMenu(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

test.describe("dark mode", () => {
  // The longest journeys: each its own person, spread over the workers.
  test.describe.configure({ mode: "parallel" });
  test.use({ viewport: viewports.desktop });

  test("the stored theme is on the page before its code runs, and 'system' follows the system live", async ({ page }) => {
    // No choice yet: the system's scheme, followed while the page is open.
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectTheme(page, "light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectTheme(page, "dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expectTheme(page, "light");

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

  test("on a phone with the system dark: the board, the navigation menu and the account menu pass axe", async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    await page.emulateMedia({ colorScheme: "dark" });
    await signIn(page, person("phone"));
    await expectTheme(page, "dark");
    await calls(page).createTask({ title: "Water the plants", date: today(), estimatedDuration: 10 });
    await page.reload();
    await waitForBoard(page);
    await check(page, "dark", "phone-board");
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await check(page, "dark", "phone-navigation");
    await closeWithEscape(page, page.getByRole("menu"));
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");
    await check(page, "dark", "phone-account-menu");
  });

  // One user per theme, each theme the opposite of the system's, so what shows is the choice.
  for (const theme of ["dark", "light"] as const) {
    const other: Theme = theme === "dark" ? "light" : "dark";

    test(`every screen and dialog passes axe in the ${theme} theme, chosen from the account menu and the palette`, async ({ page }) => {
      // Every screen and dialog, each scanned by axe: 1 minute alone, over 3 beside a second suite.
      test.setTimeout(360_000);
      await page.emulateMedia({ colorScheme: other });

      // Signed out: the welcome screen.
      await page.goto("/");
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectTheme(page, theme);
      await check(page, theme, "welcome");
      // The built-in provider's sign-in page, served by the server, shows the same theme.
      await page.locator('a[href^="/auth/local"]').click();
      await expect(page.getByLabel("Name")).toBeVisible();
      expect(await isDark(page)).toBe(theme === "dark");
      await check(page, theme, "local-sign-in");

      // Remembered in this browser through signing in.
      await signIn(page, person(theme));
      await expectTheme(page, theme);
      // Seeded off the app: an open board would hear it live and show the stall's notice before the load below.
      await page.goto("about:blank");
      const day = today();
      const seed = calls(page);
      const goal = await seed.createGoal({
        title: "Run a half marathon",
        description: "Train four times a week",
        targetDate: addDays(day, 5),
      });
      await seed.createGoal({ title: "Learn Spanish" });
      await seed.createTask({ title: "Plan the week", date: day, estimatedDuration: 30, goalId: goal.id });
      await seed.createTask(
        { title: "Write the report", date: day, estimatedDuration: 15, scheduledStartTime: "08:00" },
        { status: "inprogress" },
      );
      await seed.createTask({ title: "Morning run", date: day, estimatedDuration: 45, goalId: goal.id }, { status: "done" });
      await seed.createTask({ title: "Call the bank", date: addDays(day, -1), estimatedDuration: 20 }, { status: "stalled" });
      await seed.createTask({ title: "Book the dentist", date: addDays(day, 2) });

      // The stalled task's notice, a toast over the board.
      await page.goto("/");
      await waitForBoard(page);
      await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText("Task Stalled", { timeout: 15_000 });
      await check(page, theme, "board-stalled-notice");
      await closeToasts(page);

      // The account menu shows the choice and switches at once; the palette switches too.
      const menu = await openAccountMenu(page);
      await expect(menu.getByRole("menuitemradio", { name: capitalized(theme) })).toHaveAttribute("aria-checked", "true");
      await check(page, theme, "account-menu");
      await menu.getByRole("menuitemradio", { name: "System" }).click();
      await expectTheme(page, other);
      expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBeNull();
      await menu.getByRole("menuitemradio", { name: capitalized(theme) }).click();
      await expectTheme(page, theme);
      await closeWithEscape(page, menu);
      await runPaletteCommand(page, "switch theme", "Switch theme");
      await expectTheme(page, other);
      await runPaletteCommand(page, `use ${theme}`, `Use the ${theme} theme`);
      await expectTheme(page, theme);
      expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe(theme);

      // The board, with a toast (a task added from the palette).
      await runPaletteCommand(page, "Stretch 10m", "Add task “Stretch”");
      await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText("Task created successfully");
      await check(page, theme, "board");
      await closeToasts(page);

      await page.keyboard.press("Control+k");
      await expect(palette(page).getByRole("combobox", { name: "Command" })).toBeFocused();
      await check(page, theme, "command-palette");
      await closeWithEscape(page, palette(page));

      await page.getByRole("button", { name: "Add Task" }).first().click();
      const createTask = page.getByRole("dialog", { name: "Create New Task" });
      await expect(createTask).toBeVisible();
      await check(page, theme, "task-dialog");
      await closeWithEscape(page, createTask);

      await page.getByRole("button", { name: `Edit "Plan the week"` }).click();
      const editTask = page.getByRole("dialog", { name: "Edit Task" });
      await expect(editTask).toBeVisible();
      await check(page, theme, "edit-task-dialog");
      await closeWithEscape(page, editTask);

      await page.keyboard.press("?");
      const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await expect(shortcuts).toBeVisible();
      await check(page, theme, "shortcuts-dialog");
      await closeWithEscape(page, shortcuts);

      await page.getByRole("button", { name: "Future Tasks" }).click();
      const future = page.getByRole("dialog", { name: "Future Tasks" });
      await expect(future).toContainText("Book the dentist");
      await check(page, theme, "future-tasks");
      await closeWithEscape(page, future);

      await page.getByRole("button", { name: /^End Day/ }).click();
      const wrapUp = page.getByRole("dialog", { name: "Daily Wrap-up" });
      await expect(wrapUp).toBeVisible();
      await check(page, theme, "wrap-up-dialog");
      await closeWithEscape(page, wrapUp);

      // The assistant's panel, with a reply from the journeys' model stub.
      await page.goto("/ai-chat");
      const chat = page.getByRole("dialog", { name: "AI Assistant" });
      await expect(chat).toBeVisible();
      await chat.getByRole("group", { name: "Quick prompts" }).getByRole("button").first().click();
      await expect(chat.getByRole("log").getByText("Deep work")).toBeVisible();
      await check(page, theme, "ai-chat");
      await closeWithEscape(page, chat);

      await page.goto("/goals");
      await expect(page.getByRole("article", { name: "Run a half marathon" })).toBeVisible();
      await check(page, theme, "goals");
      await page.getByRole("article", { name: "Run a half marathon" }).getByRole("button", { name: "Edit" }).click();
      const editGoal = page.getByRole("dialog", { name: "Edit Goal" });
      await expect(editGoal).toBeVisible();
      await check(page, theme, "goal-dialog");
      await closeWithEscape(page, editGoal);
      await page.getByRole("article", { name: "Learn Spanish" }).getByRole("button", { name: "Break Down" }).click();
      const breakdown = page.getByRole("dialog", { name: "Break Down Goal" });
      await breakdown.getByRole("button", { name: "Generate Tasks" }).click();
      await expect(breakdown.getByRole("heading", { name: /^Suggested Tasks/ })).toBeVisible();
      await check(page, theme, "breakdown-dialog");
      await closeWithEscape(page, breakdown);

      await page.goto("/insights");
      await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
      await page.getByRole("button", { name: "Generate This Week" }).click();
      const summaries = page.getByRole("list", { name: "Weekly summaries" });
      await expect(summaries.locator(":scope > li")).toHaveCount(1);
      await check(page, theme, "insights");
      await summaries.getByRole("button", { name: /^View (Summary|Details)/ }).click();
      const weekly = page.getByRole("dialog", { name: "Weekly Summary" });
      await expect(weekly).toBeVisible();
      await check(page, theme, "weekly-summary-dialog");
      await closeWithEscape(page, weekly);

      for (const tab of ["AI Settings", "Rollover", "Analytics", "Notifications", "Import"]) {
        await page.goto("/settings");
        await page.getByRole("tab", { name: tab }).click();
        const panel = page.getByRole("tabpanel", { name: tab });
        await expect(panel).toBeVisible();
        await expect(panel.getByRole("status").filter({ hasText: /loading/i })).toHaveCount(0);
        await check(page, theme, `settings-${tab.toLowerCase().replace(/\s+/g, "-")}`);
      }
    });
  }
});
