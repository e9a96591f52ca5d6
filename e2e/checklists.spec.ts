// A task's checklist (issue 53): a new user adds steps in the task dialog, ticks one, moves one by
// keyboard and reads 'done/total' on the card, at both widths, with axe on the open dialog.
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
