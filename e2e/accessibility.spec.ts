// Every screen and dialog, in the light and the dark theme and on a phone, scanned by axe with every
// rule up to WCAG AA (colour contrast included). The functional journeys leave axe to this file.
// Screenshots of each screen in each theme: test-results/screenshots/accessibility/.
import type { Locator, Page } from "@playwright/test";
import { addDays, todayInZone } from "../src/shared/rules/dates.ts";
import { THEME_STORAGE_KEY } from "../src/shared/theme-script.ts";
import { api as calls } from "./api.ts";
import { closeToasts, closeWithEscape, expect, expectNoAxeViolations, saveScreenshot, test, viewports } from "./fixtures.ts";
import { startIcsServer } from "./ics-server.ts";
import { signIn, waitForBoard } from "./sign-in.ts";
import { expectTheme, isDark, type Theme } from "./theme.ts";

const timeZone = "Europe/Paris";
const today = () => todayInZone(new Date(), timeZone);
const IMPORT_CSV = [
  "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT",
  "task,Buy stamps,,4,1,Ada (1),,today,en,Europe/Paris,,",
  "task,,,4,1,Ada (1),,,,,,",
].join("\r\n");

function person(label: string) {
  return { name: `Dusk ${label}`, email: `accessibility-${label}-${Date.now()}@example.com` };
}

/** Waits for running animations (a dialog zooming in) to finish, before a screenshot. */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

const OPEN_DIALOG = "[role=dialog], [role=alertdialog]";

/**
 * A screenshot to look at, and axe's verdict, of what is on screen now. With `scope` "dialog" only the
 * open dialog is scanned: the page under it, inert meanwhile, was scanned before it opened (a
 * whole-page scan costs 1-2 s).
 */
async function check(page: Page, theme: Theme, name: string, scope: "page" | "dialog" = "page") {
  await settle(page);
  await saveScreenshot(page, `accessibility/${theme}-${name}`);
  await expectNoAxeViolations(page, scope === "dialog" ? { include: OPEN_DIALOG } : {});
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

/** A day with a task in each state, two goals, a stalled task, a future task and a calendar. */
async function seedDay(page: Page, calendarUrl: string) {
  // Seeded off the app: an open board would hear it live and show the stall's notice before the load.
  await page.goto("about:blank");
  const day = today();
  const seed = calls(page);
  const goal = await seed.createGoal({ title: "Run a half marathon", description: "Train four times a week", targetDate: addDays(day, 5) });
  await seed.createGoal({ title: "Learn Spanish" });
  await seed.createTask({ title: "Plan the week", date: day, estimatedDuration: 30, goalId: goal.id });
  await seed.createTask(
    { title: "Write the report", date: day, estimatedDuration: 15, scheduledStartTime: "08:00" },
    { status: "inprogress" },
  );
  await seed.createTask({ title: "Morning run", date: day, estimatedDuration: 45, goalId: goal.id }, { status: "done" });
  await seed.createTask({ title: "Call the bank", date: addDays(day, -1), estimatedDuration: 20 }, { status: "stalled" });
  await seed.createTask({ title: "Book the dentist", date: addDays(day, 2) });
  const subscribed = await page.request.post("/api/calendar/subscriptions", { data: { url: calendarUrl }, headers: await seed.headers() });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
}

let calendar: Awaited<ReturnType<typeof startIcsServer>>;
test.beforeAll(async () => {
  calendar = await startIcsServer();
});
test.afterAll(async () => {
  await calendar.close();
});

test.describe("accessibility", () => {
  // Each journey its own person, spread over the workers.
  test.describe.configure({ mode: "parallel" });
  test.use({ viewport: viewports.desktop });

  test("on a phone with the system dark: the board, the menus, the wrap-up and the goals pass axe", async ({ page }) => {
    test.slow();
    await page.setViewportSize(viewports.phone);
    await page.emulateMedia({ colorScheme: "dark" });
    await signIn(page, person("phone"));
    await expectTheme(page, "dark");
    await seedDay(page, calendar.url);
    await page.goto("/");
    await waitForBoard(page);
    await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText("Task Stalled");
    await closeToasts(page);
    await check(page, "dark", "phone-board");
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await check(page, "dark", "phone-navigation");
    await closeWithEscape(page, page.getByRole("menu"));
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");
    await check(page, "dark", "phone-account-menu");
    await closeWithEscape(page, menu);

    await page.getByRole("button", { name: /^End Day/ }).click();
    const wrapUp = page.getByRole("dialog", { name: "Daily Wrap-up" });
    await expect(wrapUp).toBeVisible();
    await check(page, "dark", "phone-wrap-up-dialog", "dialog");
    await closeWithEscape(page, wrapUp);

    await page.goto("/goals");
    await expect(page.getByRole("article", { name: "Run a half marathon" })).toBeVisible();
    await check(page, "dark", "phone-goals");
  });

  // One user per theme and part, each theme the opposite of the system's, so what shows is the choice.
  for (const theme of ["dark", "light"] as const) {
    const other: Theme = theme === "dark" ? "light" : "dark";

    test(`the welcome screen, the board and its dialogs pass axe in the ${theme} theme, chosen from the account menu and the palette`, async ({
      page,
    }) => {
      test.slow();
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
      await signIn(page, person(`${theme}-board`));
      await expectTheme(page, theme);
      await seedDay(page, calendar.url);

      // The stalled task's notice, a toast over the board, with the calendar's agenda.
      await page.goto("/");
      await waitForBoard(page);
      await expect(page.getByRole("list", { name: "Calendar events" }).getByText("Design review")).toBeVisible();
      await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText("Task Stalled");
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
      await check(page, theme, "command-palette", "dialog");
      // A chosen option's hint, small text on the highlight (4.26:1 before issue 56).
      await palette(page).getByRole("combobox", { name: "Command" }).fill("tomorrow");
      await expect(palette(page).getByRole("option", { selected: true })).toContainText("Tomorrow");
      await check(page, theme, "command-palette-hint", "dialog");
      await closeWithEscape(page, palette(page));

      await page.getByRole("button", { name: "Add Task" }).first().click();
      const createTask = page.getByRole("dialog", { name: "Create New Task" });
      await expect(createTask).toBeVisible();
      await check(page, theme, "task-dialog", "dialog");
      await closeWithEscape(page, createTask);

      await page.getByRole("button", { name: `Edit "Plan the week"` }).click();
      const editTask = page.getByRole("dialog", { name: "Edit Task" });
      await expect(editTask).toBeVisible();
      await check(page, theme, "edit-task-dialog", "dialog");
      await closeWithEscape(page, editTask);

      await page.getByRole("button", { name: `Delete "Plan the week"` }).click();
      const confirmation = page.getByRole("alertdialog");
      await expect(confirmation).toBeVisible();
      await check(page, theme, "delete-confirmation", "dialog");
      await confirmation.getByRole("button", { name: "Cancel" }).click();
      await expect(confirmation).toBeHidden();

      await page.keyboard.press("?");
      const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await expect(shortcuts).toBeVisible();
      await check(page, theme, "shortcuts-dialog", "dialog");
      await closeWithEscape(page, shortcuts);

      await page.getByRole("button", { name: "Future Tasks" }).click();
      const future = page.getByRole("dialog", { name: "Future Tasks" });
      await expect(future).toContainText("Book the dentist");
      await check(page, theme, "future-tasks", "dialog");
      await closeWithEscape(page, future);

      await page.getByRole("button", { name: /^End Day/ }).click();
      const wrapUp = page.getByRole("dialog", { name: "Daily Wrap-up" });
      await expect(wrapUp).toBeVisible();
      await check(page, theme, "wrap-up-dialog", "dialog");
      await closeWithEscape(page, wrapUp);

      // The assistant's panel, with a reply and the proposals of the journeys' model stub.
      await page.goto("/ai-chat");
      const chat = page.getByRole("dialog", { name: "AI Assistant" });
      await expect(chat).toBeVisible();
      await chat.getByRole("group", { name: "Quick prompts" }).getByRole("button").first().click();
      await expect(chat.getByRole("log").getByText("Deep work")).toBeVisible();
      const message = page.getByLabel("Message the AI assistant");
      await expect(message).toBeEnabled();
      await message.fill("Move the report to tomorrow and add 'Call the bank' at 3 pm");
      await message.press("Enter");
      await expect(chat.getByRole("group", { name: /^Proposed changes/ })).toHaveCount(2);
      await expect(message).toBeEnabled();
      await check(page, theme, "ai-chat");
    });

    test(`the goals, insights and settings pages pass axe in the ${theme} theme`, async ({ page }) => {
      test.slow();
      await page.emulateMedia({ colorScheme: other });
      await signIn(page, person(`${theme}-pages`));
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      await seedDay(page, calendar.url);

      // The stalled task's notice goes first: under a dialog's overlay it would be dimmed below contrast.
      await page.goto("/goals");
      await expectTheme(page, theme);
      await expect(page.getByRole("article", { name: "Run a half marathon" })).toBeVisible();
      await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText("Task Stalled");
      await closeToasts(page);
      await check(page, theme, "goals");
      await page.getByRole("article", { name: "Run a half marathon" }).getByRole("button", { name: "Edit" }).click();
      const editGoal = page.getByRole("dialog", { name: "Edit Goal" });
      await expect(editGoal).toBeVisible();
      await check(page, theme, "goal-dialog", "dialog");
      await closeWithEscape(page, editGoal);
      await page.getByRole("article", { name: "Learn Spanish" }).getByRole("button", { name: "Break Down" }).click();
      const breakdown = page.getByRole("dialog", { name: "Break Down Goal" });
      await breakdown.getByRole("button", { name: "Generate Tasks" }).click();
      await expect(breakdown.getByRole("heading", { name: /^Suggested Tasks/ })).toBeVisible();
      await check(page, theme, "breakdown-dialog", "dialog");
      await closeWithEscape(page, breakdown);

      await page.goto("/insights");
      await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
      await page.getByRole("button", { name: "Generate This Week" }).click();
      const summaries = page.getByRole("list", { name: "Weekly summaries" });
      await expect(summaries.locator(":scope > li")).toHaveCount(1);
      await closeToasts(page);
      await check(page, theme, "insights");
      await summaries.getByRole("button", { name: /^View (Summary|Details)/ }).click();
      const weekly = page.getByRole("dialog", { name: "Weekly Summary" });
      await expect(weekly).toBeVisible();
      await check(page, theme, "weekly-summary-dialog", "dialog");
      await closeWithEscape(page, weekly);

      await page.goto("/settings");
      for (const tab of ["AI Settings", "Rollover", "Analytics", "Notifications", "Calendars", "Integrations", "Import"]) {
        await page.getByRole("tab", { name: tab }).click();
        const panel = page.getByRole("tabpanel", { name: tab });
        await expect(panel).toBeVisible();
        await expect(panel.getByRole("status").filter({ hasText: /loading/i })).toHaveCount(0);
        if (tab === "Calendars") {
          await expect(panel.getByRole("list", { name: "Subscribed calendars" }).getByText(/2 events · read/)).toBeVisible();
        }
        if (tab === "Integrations") {
          await panel.getByLabel("Name", { exact: true }).fill("Claude Desktop");
          await panel.getByRole("button", { name: "Create token" }).click();
          await expect(panel.getByLabel("New token")).toContainText("dw_");
        }
        if (tab === "Import") {
          await panel
            .getByLabel("File to import")
            .setInputFiles({ name: "tasks.csv", mimeType: "text/csv", buffer: Buffer.from(IMPORT_CSV) });
          await expect(panel.getByRole("region", { name: "Preview" })).toContainText("1 row skipped");
        }
        await check(page, theme, `settings-${tab.toLowerCase().replace(/\s+/g, "-")}`);
      }
    });
  }
});
