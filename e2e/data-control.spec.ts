import { readFile } from "node:fs/promises";
import { expect, expectNoAxeViolations, saveScreenshot, test, viewports } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";

const TODOIST_CSV = [
  "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT",
  "task,Write the report,First draft,1,1,Ada (1),,today,en,Europe/Paris,45,minute",
  "task,Outline the chapters,,4,2,Ada (1),,,,,,",
  "task,Draw the charts,,4,2,Ada (1),,,,,,",
  "note,Ask Sam for the figures,,,,Ada (1),,,,,,",
  "section,Errands,,,,,,,,,,",
  "task,Buy stamps,,4,1,Ada (1),,today,en,Europe/Paris,,",
  "task,,,4,1,Ada (1),,,,,,",
].join("\r\n");

test("export, import a Todoist CSV after its preview, then delete the account", async ({ page }) => {
  test.slow();
  const person = { name: "Data Owner", email: `data-control-${Date.now()}@example.com` };
  await signIn(page, person, "/settings?tab=analytics");

  // Export: a JSON download named by the day, with the profile in it.
  const privacy = page.getByRole("tabpanel", { name: "Analytics" });
  await expect(privacy).toContainText("Privacy and Data Control");
  const [download] = await Promise.all([page.waitForEvent("download"), privacy.getByRole("link", { name: "Export my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^daywise-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported).toMatchObject({ format: "daywise-export", version: 1, profile: { email: person.email }, tasks: [] });

  // Import: the format guessed from the header, the preview, then the import.
  await page.goto("/settings?tab=import");
  const panel = page.getByRole("tabpanel", { name: "Import" });
  await panel.getByLabel("File to import").setInputFiles({ name: "project.csv", mimeType: "text/csv", buffer: Buffer.from(TODOIST_CSV) });
  await expect(panel.getByLabel("Format")).toHaveValue("todoist-csv");
  const preview = panel.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("Will add 2 tasks, 1 new goal; 1 row skipped.");
  await expect(preview.getByRole("row")).toHaveCount(3);
  await expect(preview.getByRole("list", { name: "Skipped rows" })).toContainText("Row 8: The task has no title");
  await saveScreenshot(page, "data-control-import-preview");
  // On a phone the rows scroll in their box, reachable by keyboard, with every heading on one line.
  await page.setViewportSize(viewports.phone);
  const rows = preview.getByRole("region", { name: "Rows to import" });
  await expect(rows).toHaveAttribute("tabindex", "0");
  for (const heading of await rows.getByRole("columnheader").all()) expect((await heading.boundingBox())!.height).toBeLessThan(32);
  await expectNoAxeViolations(page, { include: "main" });
  await saveScreenshot(page, "data-control-import-preview-phone");
  await page.setViewportSize(viewports.desktop);
  await panel.getByRole("button", { name: "Import 2 tasks" }).click();
  await expect(panel.getByRole("status")).toContainText("Imported 2 tasks, 1 new goal.");
  await panel.getByRole("link", { name: "Open Today" }).click();
  await waitForBoard(page);
  // Its subtasks (INDENT 2) arrived as the task's steps.
  await expect(page.getByRole("article", { name: /Write the report$/ }).getByTestId("task-checklist-count")).toContainText("0/2");
  await expect(page.getByRole("article", { name: /Buy stamps$/ })).toBeVisible();

  // The same file again: its tasks look like duplicates and are skipped unless the box is cleared.
  await page.goto("/settings?tab=import");
  await panel.getByLabel("File to import").setInputFiles({ name: "project.csv", mimeType: "text/csv", buffer: Buffer.from(TODOIST_CSV) });
  await expect(preview).toContainText("Will add 0 tasks; 1 row skipped.");
  await expect(preview).toContainText("2 look like duplicates");
  const skip = preview.getByRole("checkbox", { name: "Skip them" });
  await expect(skip).toBeChecked();
  await expect(panel.getByRole("button", { name: "Import 0 tasks" })).toBeDisabled();
  await skip.uncheck();
  await expect(skip).toBeFocused();
  await expect(panel.getByRole("button", { name: "Import 2 tasks" })).toBeEnabled();
  await expect(preview).toContainText("Will add 2 tasks; 1 row skipped.");

  // Delete: the e-mail typed, then the welcome screen; signing in again starts from nothing.
  await page.goto("/settings?tab=analytics");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toContainText("every task, done or not");
  await expect(dialog.getByRole("link", { name: "Export my data" })).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Delete my account" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type your e-mail to confirm").fill(person.email.toUpperCase());
  await confirm.click();
  await expect(page.locator('a[href^="/auth/local"]').first()).toBeVisible();

  await signIn(page, person);
  await expect(page.getByRole("article")).toHaveCount(0);
  const again = await page.request.get("/api/export");
  expect((await again.json()).tasks).toEqual([]);
});
