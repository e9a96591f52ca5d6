// A task's checklist (issue 53): a new user adds steps in the task dialog, ticks one, moves one by
// keyboard and reads 'done/total' on the card, at both widths, with axe on the open dialog; a daily routine's steps,
// one moved by mouse, come unticked on tomorrow's occurrence.
import type { Page } from "@playwright/test";
import { card, quickAdd } from "./board.ts";
import { closeToasts, closeWithEscape, expect, expectNoAxeViolations, saveScreenshot, test, viewports } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";

let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Steps ${label}`, email: `checklists-${label}-${Date.now()}-${people}@example.com` };
}

const editDialog = (page: Page) => page.getByRole("dialog", { name: "Edit Task" });
const checklist = (page: Page) => editDialog(page).getByRole("region", { name: /^Checklist/ });
const stepTitles = (page: Page) => checklist(page).getByRole("checkbox");

async function openEdit(page: Page, title: string) {
  await card(page, title)
    .getByRole("button", { name: `Edit "${title}"` })
    .click();
  await expect(checklist(page)).toBeVisible();
}

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`checklists on a ${label}`, () => {
    test.use({ viewport });

    test("adds three steps, ticks one, moves one by keyboard and reads '1/3' on the card", async ({ page }) => {
      test.slow();
      await signIn(page, person(label));
      await quickAdd(page, "Pack for the trip 30m");
      await expect(card(page, "Pack for the trip")).toBeVisible();
      await closeToasts(page);
      await openEdit(page, "Pack for the trip");

      const add = checklist(page).getByRole("textbox", { name: "Add a step" });
      for (const step of ["Passport", "Charger", "Rain jacket"]) {
        await add.fill(step);
        await add.press("Enter");
        await expect(add).toHaveValue("");
        await expect(add).toBeFocused();
      }
      await expect(stepTitles(page)).toHaveCount(3);

      // Escape leaves a rename as it was, and the dialog open.
      await checklist(page).getByRole("button", { name: 'Rename "Passport"' }).click();
      await checklist(page).getByRole("textbox", { name: 'Step title, was "Passport"' }).fill("Passport and visa");
      await page.keyboard.press("Escape");
      await expect(checklist(page).getByRole("button", { name: 'Rename "Passport"' })).toBeVisible();

      await checklist(page).getByRole("checkbox", { name: "Charger" }).check();
      await expect(checklist(page).getByRole("heading", { name: "Checklist 1/3" })).toBeVisible();

      const handle = checklist(page).getByRole("button", { name: 'Move step "Rain jacket", 3 of 3' });
      await handle.focus();
      await page.keyboard.press("Alt+ArrowUp");
      await expect(checklist(page).getByText('Moved "Rain jacket" to position 2 of 3.')).toBeAttached();
      await expect(checklist(page).getByRole("button", { name: 'Move step "Rain jacket", 2 of 3' })).toBeFocused();
      await expect
        .poll(() => stepTitles(page).evaluateAll((boxes) => boxes.map((box) => box.getAttribute("aria-label"))))
        .toEqual(["Passport", "Rain jacket", "Charger"]);

      await closeToasts(page);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `checklist-dialog-${label}`);
      await closeWithEscape(page, editDialog(page));

      const packing = card(page, "Pack for the trip");
      const count = packing.getByTestId("task-checklist-count");
      await expect(count).toHaveText(/1\/3/);
      await expect(count).toContainText("1 of 3 steps done");
      await expect(count).toBeVisible();
      await saveScreenshot(page, `checklist-card-${label}`);

      // The server has the steps as they were left: in their order, one ticked.
      await page.reload();
      await waitForBoard(page);
      await expect(card(page, "Pack for the trip").getByTestId("task-checklist-count")).toHaveText(/1\/3/);
      await openEdit(page, "Pack for the trip");
      await expect
        .poll(() => stepTitles(page).evaluateAll((boxes) => boxes.map((box) => box.getAttribute("aria-label"))))
        .toEqual(["Passport", "Rain jacket", "Charger"]);
      await expect(checklist(page).getByRole("checkbox", { name: "Charger" })).toBeChecked();
    });
  });
}

/** A mouse drag of a step's handle onto another step's row, let go once that row shows it would land there. */
async function dragStep(page: Page, step: string, onto: string) {
  const handle = await checklist(page)
    .getByRole("button", { name: new RegExp(`^Move step "${step}"`) })
    .boundingBox();
  const target = await checklist(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("checkbox", { name: onto, exact: true }) })
    .boundingBox();
  if (!handle || !target) throw new Error("the steps are not visible");
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  // In small steps: a drag starts after 6 px.
  await page.mouse.move(handle.x + handle.width / 2 + 4, handle.y + handle.height / 2 - 4, { steps: 4 });
  await page.mouse.move(handle.x + handle.width / 2, target.y + target.height / 2, { steps: 12 });
  await expect(checklist(page).locator("li.ring-2")).toHaveCount(1);
  await page.mouse.up();
}

test.describe("a routine's steps", () => {
  test.use({ viewport: viewports.desktop });

  test("makes a daily routine with two steps, ticks one, drags one with the mouse and finds tomorrow's occurrence unticked", async ({
    page,
  }) => {
    test.slow();
    await signIn(page, person("routine"));
    await page.getByRole("button", { name: "Add Task" }).first().click();
    const create = page.getByRole("dialog", { name: "Create New Task" });
    await create.getByLabel(/^Task Title/).fill("Morning routine");
    await create.getByLabel("Repeat").selectOption("daily");
    await create.getByRole("button", { name: "Create Task" }).click();
    await expect(create).toBeHidden();
    await closeToasts(page);
    await openEdit(page, "Morning routine");

    // The first step asks whether it is this occurrence's or the series'; the series' then holds for the rest.
    const add = checklist(page).getByRole("textbox", { name: "Add a step" });
    await add.fill("Stretch");
    await add.press("Enter");
    const question = page.getByRole("alertdialog", { name: "Edit repeating task" });
    await question.getByRole("button", { name: "This and following" }).click();
    await expect(question).toBeHidden();
    await expect(stepTitles(page)).toHaveCount(1);
    await add.fill("Meditate");
    await add.press("Enter");
    await expect(stepTitles(page)).toHaveCount(2);
    await expect(question).toBeHidden();

    await checklist(page).getByRole("checkbox", { name: "Stretch" }).check();
    await expect(checklist(page).getByRole("heading", { name: "Checklist 1/2" })).toBeVisible();

    await dragStep(page, "Meditate", "Stretch");
    await expect(checklist(page).getByText('Moved "Meditate" to position 1 of 2.')).toBeAttached();
    await expect
      .poll(() => stepTitles(page).evaluateAll((boxes) => boxes.map((box) => box.getAttribute("aria-label"))))
      .toEqual(["Meditate", "Stretch"]);
    await closeWithEscape(page, editDialog(page));
    await expect(card(page, "Morning routine").getByTestId("task-checklist-count")).toHaveText(/1\/2/);

    // Tomorrow's occurrence, read from the server: the series' two steps in their new order, none ticked.
    await page.getByRole("button", { name: "Next day" }).click();
    await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}/);
    await page.reload();
    await waitForBoard(page);
    await expect(card(page, "Morning routine").getByTestId("task-checklist-count")).toHaveText(/0\/2/);
    await openEdit(page, "Morning routine");
    await expect
      .poll(() => stepTitles(page).evaluateAll((boxes) => boxes.map((box) => box.getAttribute("aria-label"))))
      .toEqual(["Meditate", "Stretch"]);
    await expect(checklist(page).getByRole("checkbox", { name: "Stretch" })).not.toBeChecked();
    await expect(checklist(page).getByRole("checkbox", { name: "Meditate" })).not.toBeChecked();
  });
});
