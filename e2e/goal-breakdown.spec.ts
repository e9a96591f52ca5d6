// Issue 14: Break Down from a goal card against the OpenAI-compatible stub (e2e/ai-stub-server.ts),
// the tasks on the board afterwards, the manual-parsing placeholder, and the Analytics tab.
import type { Locator, Page } from "@playwright/test";
import { addDays } from "../src/shared/rules/dates.ts";
import { expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";

test.describe.configure({ timeout: 180_000 });

/** The stub's reply to a breakdown asking for "[prose]" (e2e/ai-stub-server.ts). */
const BREAKDOWN_PROSE = "Start with an outline, then write a little every morning. Ask for feedback early.";

let personCount = 0;
function newPerson() {
  personCount += 1;
  return { name: "Octavia Butler", email: `breakdown-${Date.now()}-${personCount}@example.com` };
}

/** The browser's today: the journeys run in Europe/Paris (playwright.config.ts), as does the user. */
function parisToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
}

async function openMainPage(page: Page, name: "Tasks" | "Goals" | "Settings") {
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }).click();
  } else {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await page.getByRole("menu").getByRole("menuitem", { name }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: name === "Tasks" ? /.+/ : name })).toBeVisible();
}

async function createGoal(page: Page, title: string) {
  await page
    .getByRole("button", { name: /New Goal|Create Your First Goal/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Create New Goal" });
  await dialog.getByLabel("Goal Title").fill(title);
  await dialog.getByRole("button", { name: "Create Goal" }).click();
  await expect(dialog).toBeHidden();
}

async function openBreakdown(page: Page, goalTitle: string): Promise<Locator> {
  await page.getByRole("article", { name: goalTitle }).getByRole("button", { name: "Break Down" }).click();
  const dialog = page.getByRole("dialog", { name: "Break Down Goal" });
  await expect(dialog).toBeVisible();
  return dialog;
}

const suggestion = (dialog: Locator, title: string) => dialog.getByRole("listitem").filter({ hasText: title });

test.describe("Goal breakdown on a desktop", () => {
  test.use({ viewport: viewports.desktop });

  test("breaks a goal down, edits and distributes the suggestions, creates them, then the placeholder path and the Analytics tab", async ({
    page,
  }) => {
    const today = parisToday();
    await signIn(page, newPerson());
    await openMainPage(page, "Goals");
    await createGoal(page, "Write a book");

    const dialog = await openBreakdown(page, "Write a book");
    // OpenAI and Gemini are configured for the journeys; Claude is listed but cannot be chosen.
    const provider = dialog.getByLabel("AI Provider");
    await expect(provider).toHaveValue("openai");
    await expect(provider.locator("option", { hasText: "Claude" })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Create 0 Tasks" })).toBeDisabled();
    await dialog.getByLabel("Additional Context").fill("  I write best in the mornings  ");
    await dialog.getByRole("button", { name: "Generate Tasks" }).click();
    await expect(dialog.getByRole("heading", { name: "Suggested Tasks (4 selected)" })).toBeVisible();
    // 'Generate Tasks' is gone: focus is on the results, not lost to the page.
    await expect(dialog.getByRole("heading", { name: "Suggested Tasks (4 selected)" })).toBeFocused();

    // All start selected and unscheduled.
    for (const title of ["Outline the chapters", "Write chapter one", "Find a proofreader", "Design the cover"]) {
      await expect(suggestion(dialog, title).getByRole("checkbox")).toBeChecked();
      await expect(suggestion(dialog, title).getByLabel(/^Schedule/)).toHaveValue("");
    }

    await suggestion(dialog, "Design the cover").getByRole("checkbox").uncheck();
    await expect(dialog.getByRole("heading", { name: "Suggested Tasks (3 selected)" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Create 3 Tasks" })).toBeEnabled();

    // A typed duration below 5 (or not a number) becomes 5.
    const proofreader = suggestion(dialog, "Find a proofreader").getByRole("spinbutton");
    await proofreader.fill("2");
    await proofreader.blur();
    await expect(proofreader).toHaveValue("5");

    // Distribute: high on day 0 or 1, medium on days 1 to 3, low on days 2 to 5, by place in the list.
    await dialog.getByRole("button", { name: "Distribute Across Days" }).click();
    await expect(suggestion(dialog, "Outline the chapters").getByLabel(/^Schedule/)).toHaveValue(today);
    await expect(suggestion(dialog, "Write chapter one").getByLabel(/^Schedule/)).toHaveValue(addDays(today, 1));
    await expect(suggestion(dialog, "Find a proofreader").getByLabel(/^Schedule/)).toHaveValue(addDays(today, 3));
    await expect(suggestion(dialog, "Design the cover").getByLabel(/^Schedule/)).toHaveValue(addDays(today, 5));

    // The capacity check on today (240 usable minutes): over 80% warns, over 100% is critical.
    const outline = suggestion(dialog, "Outline the chapters").getByRole("spinbutton");
    await outline.fill("200");
    await expect(dialog.getByText("This will bring you to 83% capacity. Make sure you have focus time.")).toBeVisible();
    await outline.fill("250");
    await expect(dialog.getByText("Adding these tasks will put you at 104% capacity. Consider deferring some tasks.")).toBeVisible();
    await saveScreenshot(page, "breakdown-desktop-suggestions");
    await outline.fill("90");
    await expect(dialog.getByText(/capacity/)).toHaveCount(0);

    await dialog.getByRole("button", { name: "Create 3 Tasks" }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole("article", { name: "Write a book" });
    await expect(card).toContainText("0/3 tasks · 0%");

    // The board of the chosen days.
    await openMainPage(page, "Tasks");
    await waitForBoard(page);
    const outlineCard = page.getByRole("article").filter({ hasText: "Outline the chapters" });
    await expect(outlineCard).toContainText("Write a book");
    await expect(outlineCard).toContainText("1h 30m");
    await page.getByRole("button", { name: "Next day" }).click();
    await expect(page.getByRole("article").filter({ hasText: "Write chapter one" })).toBeVisible();
    await expect(page.getByText("Outline the chapters")).toHaveCount(0);

    // The placeholder path: a reply that holds no list.
    await openMainPage(page, "Goals");
    const second = await openBreakdown(page, "Write a book");
    await second.getByLabel("Additional Context").fill("[prose]");
    await second.getByRole("button", { name: "Generate Tasks" }).click();
    await expect(second.getByRole("heading", { name: "Suggested Tasks (1 selected)" })).toBeVisible();
    const placeholder = suggestion(second, "AI Response (manual parsing needed)");
    await expect(placeholder).toContainText(BREAKDOWN_PROSE);
    await expect(placeholder).toContainText("medium");
    await expect(placeholder.getByRole("spinbutton")).toHaveValue("60");
    await expect(placeholder.getByLabel(/^Schedule/)).toHaveValue(today);
    await saveScreenshot(page, "breakdown-desktop-placeholder");
    await second.getByRole("button", { name: "Create 1 Task" }).click();
    await expect(second).toBeHidden();
    await expect(card).toContainText("0/4 tasks · 0%");

    // Analytics: 4 of the 5 suggestions shown became tasks; no chat yet.
    await openMainPage(page, "Settings");
    await page.getByRole("tab", { name: "Analytics" }).click();
    const panel = page.getByRole("tabpanel", { name: "Analytics" });
    await expect(panel.getByRole("definition").first()).toHaveText("80%");
    await expect(panel).toContainText("AI conversations0");
    await expect(panel).toContainText("Pattern LearningActive");
    await expect(panel).toContainText("you keep most of them");
    await expect(panel).toContainText("Ask the AI assistant to help plan your day");
    await expect(panel).toContainText("Privacy and Data Control");
    await expect(panel).toContainText("contact support");
    await saveScreenshot(page, "breakdown-desktop-analytics");
  });
});

test.describe("Goal breakdown on a phone", () => {
  test.use({ viewport: viewports.phone });

  test("the dialog fits a phone", async ({ page }) => {
    await signIn(page, newPerson());
    await openMainPage(page, "Goals");
    await createGoal(page, "Learn to sail");
    const dialog = await openBreakdown(page, "Learn to sail");
    await dialog.getByRole("button", { name: "Generate Tasks" }).click();
    await expect(dialog.getByRole("heading", { name: "Suggested Tasks (4 selected)" })).toBeVisible();
    const widths = await dialog.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await saveScreenshot(page, "breakdown-phone-suggestions");

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await openMainPage(page, "Settings");
    await page.getByRole("tab", { name: "Analytics" }).click();
    await expect(page.getByRole("tabpanel", { name: "Analytics" }).getByRole("definition").first()).toHaveText("0%");
    await saveScreenshot(page, "breakdown-phone-analytics");
  });
});
