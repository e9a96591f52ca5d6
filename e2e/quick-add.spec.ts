import type { Page } from "@playwright/test";
import { api } from "./api.ts";
import { expect, expectNoAxeViolations, saveScreenshot, test, viewports } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";
import { toasts } from "./toasts.ts";

let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Quick ${label}`, email: `quick-add-${label}-${Date.now()}-${people}@example.com` };
}

const quickAdd = (page: Page) => page.getByRole("textbox", { name: "Quick add a task" });
const card = (page: Page, title: string) => page.getByRole("article", { name: new RegExp(`(^|: )${title}$`) });

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`quick add on a ${label}`, () => {
    test.use({ viewport });

    test("reads a line as a task with a preview, creates it on Enter, on the day it names", async ({ page }) => {
      test.slow();
      await signIn(page, person(label));
      await api(page).createGoal({ title: "Launch" });
      await page.reload();
      await waitForBoard(page);

      // A line with no day goes on the board's day.
      await quickAdd(page).fill("Call Anna 15m");
      await expect(page.getByTestId("quick-add-preview")).toContainText("Day Today");
      await quickAdd(page).press("Enter");
      await expect(card(page, "Call Anna")).toBeVisible();
      await expect(quickAdd(page)).toHaveValue("");
      await expect(quickAdd(page)).toBeFocused();

      // Every part understood, previewed before Enter.
      await quickAdd(page).fill("Write the report 45m tomorrow 9am #Launch");
      const preview = page.getByTestId("quick-add-preview");
      for (const part of ["Title Write the report", "Day Tomorrow", "Start 9:00 AM", "Estimate 45 min", "Goal Launch"]) {
        await expect(preview).toContainText(part);
      }
      await saveScreenshot(page, `quick-add-preview-${label}`);
      await expectNoAxeViolations(page, { include: "form[aria-label='Quick add']" });
      // Each part read is a chip whose button gives its words back to the title.
      await page.getByRole("button", { name: "Keep “#Launch” in the title" }).click();
      await expect(preview).toContainText("Title Write the report #Launch");
      await expect(quickAdd(page)).toBeFocused();
      // Escape clears the line and what was taken back with it.
      await quickAdd(page).press("Escape");
      await quickAdd(page).fill("Write the report 45m tomorrow 9am #Launch");
      await expect(preview).toContainText("Goal Launch");
      await quickAdd(page).press("Enter");
      await expect(toasts(page).filter({ hasText: "Task created successfully" })).toContainText("Write the report · Tomorrow");
      await expect(quickAdd(page)).toHaveValue("");
      // Not on today's board: it went to tomorrow, with its goal, time and estimate.
      await expect(card(page, "Write the report")).toHaveCount(0);
      await page.getByRole("button", { name: "Next day" }).click();
      const report = card(page, "Write the report");
      await expect(report).toBeVisible();
      await expect(report).toContainText("Launch");
      await expect(report).toContainText("9:00 AM");
      await expect(report).toContainText("45");

      // A line of details only says what is missing and creates nothing.
      await quickAdd(page).fill("tomorrow 30m");
      await quickAdd(page).press("Enter");
      await expect(page.getByRole("alert").filter({ hasText: "Add a title" })).toBeVisible();
      await quickAdd(page).press("Escape");
      await expect(quickAdd(page)).toHaveValue("");
      await saveScreenshot(page, `quick-add-tomorrow-${label}`);
    });
  });
}
