import type { Page } from "@playwright/test";
import { closeWithEscape, expect, saveScreenshot, test, viewports, withoutBootAnswers } from "./fixtures.ts";
import { afterPickUp, signIn, waitForDragAndDrop } from "./sign-in.ts";
import { toasts } from "./toasts.ts";

let personCount = 0;
/** A new account per test, so each journey starts with no goals. */
function newPerson(name = "Grace Hopper") {
  personCount += 1;
  return { name, email: `goals-${Date.now()}-${personCount}@example.com` };
}

/** Through the header's navigation, which collapses into a menu below 768 px (Tailwind's md). */
async function openGoalsPage(page: Page) {
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Goals" }).click();
  } else {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Goals" }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Goals" })).toBeVisible();
}

function goalCard(page: Page, title: string) {
  return page.getByRole("article", { name: title });
}

interface NewGoal {
  title: string;
  description?: string;
  targetDate?: string;
}

async function createGoalThroughForm(page: Page, goal: NewGoal, opener = "New Goal") {
  await page.getByRole("button", { name: opener }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Goal" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Goal Title").fill(goal.title);
  if (goal.description) await dialog.getByLabel("Description").fill(goal.description);
  if (goal.targetDate) await dialog.getByLabel("Target Date").fill(goal.targetDate);
  await dialog.getByRole("button", { name: "Create Goal" }).click();
  await expect(dialog).toBeHidden();
  await expect(goalCard(page, goal.title)).toBeVisible();
}

test.describe("the Goals page on a desktop", () => {
  test.use({ viewport: viewports.desktop });

  test("creates, edits and deletes a goal through the form; the heading and its button line up", async ({ page }) => {
    await signIn(page, newPerson());
    await openGoalsPage(page);

    await expect(page.getByRole("heading", { level: 2, name: "No goals yet" })).toBeVisible();
    await expect(page.getByText("0 goals · 0 active")).toBeVisible();
    await saveScreenshot(page, "goals-desktop-empty");
    // Issue 19: the heading and its button line up.
    const heading = (await page.getByRole("heading", { level: 1, name: "Goals" }).boundingBox())!;
    const newGoal = (await page.getByRole("button", { name: "New Goal" }).first().boundingBox())!;
    expect(Math.abs(heading.y + heading.height / 2 - (newGoal.y + newGoal.height / 2))).toBeLessThan(2);

    // The form refuses a blank title with an inline message, and keeps the dialog open.
    await page.getByRole("button", { name: "Create Your First Goal" }).click();
    const createDialog = page.getByRole("dialog", { name: "Create New Goal" });
    await expect(createDialog.getByLabel("Status")).toHaveValue("active");
    await createDialog.getByLabel("Goal Title").fill("   ");
    await createDialog.getByRole("button", { name: "Create Goal" }).click();
    await expect(createDialog.getByText("Goal title is required")).toBeVisible();
    await expect(createDialog.getByLabel("Goal Title")).toBeFocused();
    await createDialog.getByLabel("Goal Title").fill("  Learn Spanish  ");
    await expect(createDialog.getByText("Goal title is required")).toBeHidden();
    await createDialog.getByLabel("Description").fill("Hold a conversation at B1 level");
    await createDialog.getByLabel("Target Date").fill("2026-12-31");
    await saveScreenshot(page, "goals-desktop-create-dialog");
    await createDialog.getByRole("button", { name: "Create Goal" }).click();
    await expect(createDialog).toBeHidden();
    // The empty state's button left with the empty state: focus goes to the page's main area.
    await expect(page.locator("main")).toBeFocused();
    // First, while it is sure to be open: the toast closes itself after 5 s (spec section 4), and
    // the card's checks below can take longer than that on a busy machine.
    await expect(toasts(page).filter({ hasText: "Goal created successfully" })).toBeVisible();

    const card = goalCard(page, "Learn Spanish");
    await expect(card).toContainText("active");
    await expect(card).toContainText("Hold a conversation at B1 level");
    await expect(card).toContainText("0/0 tasks · 0%");
    await expect(card).toContainText("No tasks added yet. Break down this goal to get started!");
    await expect(card).toContainText("Target:Dec 31, 2026");
    await expect(card).toContainText("Created:");
    await expect(page.getByText("1 goal · 1 active")).toBeVisible();

    // Edit: the form starts from the goal; clearing the date and pausing it show on the card.
    await card.getByRole("button", { name: "Edit" }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit Goal" });
    await expect(editDialog.getByLabel("Goal Title")).toHaveValue("Learn Spanish");
    await expect(editDialog.getByLabel("Target Date")).toHaveValue("2026-12-31");
    await editDialog.getByLabel("Goal Title").fill("Learn Portuguese");
    await editDialog.getByLabel("Target Date").fill("");
    await editDialog.getByLabel("Status").selectOption("paused");
    await editDialog.getByRole("button", { name: "Update Goal" }).click();
    await expect(editDialog).toBeHidden();
    const editedCard = goalCard(page, "Learn Portuguese");
    await expect(editedCard).toContainText("paused");
    await expect(editedCard).toContainText("No target date");
    await expect(page.getByText("1 goal · 0 active")).toBeVisible();

    // Delete asks first; Cancel keeps the goal.
    await editedCard.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("dialog", { name: "Edit Goal" }).getByRole("button", { name: "Delete Goal" }).click();
    const confirmation = page.getByRole("alertdialog");
    await expect(confirmation).toContainText("Are you sure you want to delete this goal?");
    await confirmation.getByRole("button", { name: "Cancel" }).click();
    await expect(confirmation).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Edit Goal" })).toBeVisible();

    await page.getByRole("dialog", { name: "Edit Goal" }).getByRole("button", { name: "Delete Goal" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Goal" })).toBeHidden();
    await expect(editedCard).toBeHidden();
    await expect(page.getByRole("heading", { level: 2, name: "No goals yet" })).toBeVisible();
    await expect(page.locator("main")).toBeFocused();
    await expect(page.getByText("0 goals · 0 active")).toBeVisible();

    // The server agrees: after a reload the goal is still gone.
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: "No goals yet" })).toBeVisible();
  });

  test("adds tasks from a goal card, completes one on the board, and the goal's progress follows", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, newPerson());
    await openGoalsPage(page);
    await createGoalThroughForm(page, { title: "Learn Spanish" }, "Create Your First Goal");
    const card = goalCard(page, "Learn Spanish");

    // 'Add Task' opens the task dialog with this goal chosen, for today.
    for (const [index, title] of ["Practise verbs", "Watch a film in Spanish"].entries()) {
      await card.getByRole("button", { name: "Add Task" }).click();
      const taskDialog = page.getByRole("dialog", { name: "Create New Task" });
      await expect(taskDialog).toBeVisible();
      await expect(taskDialog.getByLabel("Associated Goal").locator("option:checked")).toHaveText("Learn Spanish");
      if (index === 0) {
        await saveScreenshot(page, "goals-desktop-add-task-dialog");
      }
      await taskDialog.getByLabel("Task Title").fill(title);
      await taskDialog.getByRole("button", { name: "Create Task" }).click();
      await expect(taskDialog).toBeHidden();
      await expect(card).toContainText(`0/${index + 1} tasks · 0%`);
    }
    await expect(card).toContainText("Just started");
    await expect(card).not.toContainText("No tasks added yet");

    // On the board, both tasks sit in To Do with the goal's title; one is dragged (by keyboard) to Done.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tasks" }).click();
    const verbs = page.getByRole("article", { name: "Practise verbs" });
    await expect(verbs).toContainText("Learn Spanish");
    await expect(page.getByRole("article", { name: "Watch a film in Spanish" })).toContainText("Learn Spanish");
    const handle = page.getByRole("button", { name: 'Move "Practise verbs"', exact: true });
    await waitForDragAndDrop(page);
    await handle.focus();
    // Each step waits for the card to be picked up, then for the board's screen-reader announcement.
    await page.keyboard.press("Space");
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    await afterPickUp(page, 'Picked up "Practise verbs" from the To Do column.');
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText('"Practise verbs" is over the In Progress column.')).toBeAttached();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText('"Practise verbs" is over the Done column.')).toBeAttached();
    await page.keyboard.press("Space");
    await expect(page.getByRole("article", { name: /Practise verbs/ })).toHaveAttribute("data-status", "done");
    await expect(page.locator('[data-column="done"]')).toContainText("Practise verbs");

    // Back on the Goals page, without a reload: 1 of 2 done is halfway.
    await openGoalsPage(page);
    await expect(card).toContainText("1/2 tasks · 50%");
    await expect(card).toContainText("Halfway");
    await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
    await saveScreenshot(page, "goals-desktop-progress");

    // A renamed goal shows its new title on the board's task cards and in the task dialog, without a reload.
    await card.getByRole("button", { name: "Edit" }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit Goal" });
    await editDialog.getByLabel("Goal Title").fill("Speak Spanish");
    await editDialog.getByRole("button", { name: "Update Goal" }).click();
    await expect(editDialog).toBeHidden();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tasks" }).click();
    await expect(page.getByRole("article", { name: "Watch a film in Spanish" })).toContainText("Speak Spanish");
    await page.getByRole("button", { name: 'Edit "Watch a film in Spanish"' }).click();
    const editTask = page.getByRole("dialog", { name: "Edit Task" });
    await expect(editTask.getByLabel("Associated Goal").locator("option:checked")).toHaveText("Speak Spanish");
    await editTask.getByRole("button", { name: "Cancel" }).click();
    await expect(editTask).toBeHidden();

    // Deleting the goal keeps its tasks, unlinked.
    await openGoalsPage(page);
    await goalCard(page, "Speak Spanish").getByRole("button", { name: "Edit" }).click();
    await page.getByRole("dialog", { name: "Edit Goal" }).getByRole("button", { name: "Delete Goal" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "No goals yet" })).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tasks" }).click();
    const film = page.getByRole("article", { name: "Watch a film in Spanish" });
    await expect(film).toBeVisible();
    await expect(film).not.toContainText("Speak Spanish");
  });

  test("shows card-shaped skeletons while loading, and 'Failed to fetch goals' with a working retry", async ({ page }) => {
    await signIn(page, newPerson());
    await openGoalsPage(page);
    await createGoalThroughForm(page, { title: "Learn Spanish", description: "Hold a conversation" }, "Create Your First Goal");
    const cardBox = await goalCard(page, "Learn Spanish").boundingBox();

    // The first load after a reload is held back, then refused, as is every load until Retry is
    // pressed: later code that reads the goals too (the notification engine, loaded when the page is
    // idle, which on a busy machine comes after the error) asks for them again by itself.
    await withoutBootAnswers(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    let isRefusing = true;
    await page.route("**/api/goals", async (route) => {
      calls += 1;
      if (calls === 1) await held;
      if (isRefusing) {
        await route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ message: "Database unavailable", code: "internal" }),
        });
      } else {
        await route.continue();
      }
    });
    await page.reload();
    const loading = page.getByRole("status").filter({ hasText: "Loading goals" });
    await expect(loading).toBeAttached();
    const skeletonBox = await loading.locator(":scope > div").first().boundingBox();
    expect(Math.abs(skeletonBox!.width - cardBox!.width)).toBeLessThan(2);
    expect(Math.abs(skeletonBox!.height - cardBox!.height)).toBeLessThan(cardBox!.height * 0.1);
    await saveScreenshot(page, "goals-desktop-loading");
    release();

    const alert = page.getByRole("alert").filter({ hasText: "Failed to fetch goals" });
    await expect(alert).toBeVisible();
    await saveScreenshot(page, "goals-desktop-error");
    const retry = alert.getByRole("button", { name: "Retry", exact: true });
    // Ready to be pressed (not "Retrying..." after a load of the page's own), then pressed at once
    // after the loads are let through, so that the press is what brings the goals.
    await retry.click({ trial: true });
    isRefusing = false;
    await retry.dispatchEvent("click");
    await expect(goalCard(page, "Learn Spanish")).toBeVisible();
    await expect(alert).toBeHidden();
  });

  test("lays goals out in columns and is usable from the keyboard", async ({ page }) => {
    await signIn(page, newPerson());
    await openGoalsPage(page);
    await createGoalThroughForm(
      page,
      { title: "Run a half marathon", description: "Train four times a week", targetDate: "2026-10-04" },
      "Create Your First Goal",
    );
    await createGoalThroughForm(page, { title: "Read 12 books" });
    await createGoalThroughForm(page, {
      title: "Ship the side project",
      description: "A longer description that wraps onto a second line of the card, to check that the cards in a row stay aligned.",
    });

    // Newest first, three to a row.
    await expect(page.getByRole("list", { name: "Goals" }).getByRole("heading", { level: 2 })).toHaveText([
      "Ship the side project",
      "Read 12 books",
      "Run a half marathon",
    ]);
    // One row, each card as tall as its own content: no card stretches to the tallest, and no hole
    // opens under a badge (each part follows the one before it by the card's 16 px gap).
    const cards = page.getByRole("list", { name: "Goals" }).getByRole("article");
    const boxes = await cards.evaluateAll((elements) =>
      elements.map((card) => {
        const parts = [...card.children].map((part) => part.getBoundingClientRect());
        return {
          top: Math.round(card.getBoundingClientRect().top),
          height: Math.round(card.getBoundingClientRect().height),
          gaps: parts.slice(1).map((part, index) => Math.round(part.top - parts[index]!.bottom)),
        };
      }),
    );
    expect(new Set(boxes.map((box) => box.top)).size).toBe(1);
    expect(new Set(boxes.map((box) => box.height)).size).toBe(3);
    for (const box of boxes) expect(new Set(box.gaps)).toEqual(new Set([16]));

    await saveScreenshot(page, "goals-desktop-list");

    // Keyboard: the first card's Edit opens the form, Escape closes it and focus comes back.
    const edit = goalCard(page, "Ship the side project").getByRole("button", { name: "Edit" });
    await edit.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Edit Goal" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Edit Goal" }).getByLabel("Goal Title")).toBeFocused();
    await closeWithEscape(page, page.getByRole("dialog", { name: "Edit Goal" }));
    await expect(edit).toBeFocused();
    const outline = await edit.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe("none");
  });
});

test.describe("the Goals page on a phone", () => {
  test.use({ viewport: viewports.phone });

  test("stacks the cards in one column", async ({ page }) => {
    await signIn(page, newPerson());
    await openGoalsPage(page);
    await expect(page.getByRole("heading", { level: 2, name: "No goals yet" })).toBeVisible();
    await saveScreenshot(page, "goals-phone-empty");

    await createGoalThroughForm(
      page,
      { title: "Run a half marathon", description: "Train four times a week", targetDate: "2026-10-04" },
      "Create Your First Goal",
    );
    await createGoalThroughForm(page, { title: "Read 12 books" });
    const boxes = await page.getByRole("article").evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect()));
    expect(boxes).toHaveLength(2);
    expect(boxes[1]!.top).toBeGreaterThan(boxes[0]!.bottom);
    expect(boxes[0]!.right).toBeLessThanOrEqual(390);

    await saveScreenshot(page, "goals-phone-list");

    await page.getByRole("button", { name: "New Goal" }).click();
    await expect(page.getByRole("dialog", { name: "Create New Goal" })).toBeVisible();
    await saveScreenshot(page, "goals-phone-create-dialog");
  });
});
