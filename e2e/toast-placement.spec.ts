// Issue 56: a toast never covers the phone's header, nor the content of a modal dialog opened while it shows.
import type { Locator } from "@playwright/test";
import { expect, test, viewports } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";
import { toasts } from "./toasts.ts";

/** Whether two elements' boxes share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) return true;
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
}

for (const [label, viewport] of Object.entries(viewports)) {
  test(`a toast keeps off the header and an open dialog on a ${label}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, { name: "Toast Place", email: `toast-place-${label}-${Date.now()}@example.com` });
    await waitForBoard(page);
    const field = page.getByRole("textbox", { name: "Quick add a task" });
    await field.fill("Call Anna 15m");
    await field.press("Enter");
    const toast = toasts(page).first();
    await expect(toast).toBeVisible();
    // Under the pointer, it stays until the check is done.
    await toast.hover();
    expect(await overlap(toast, page.locator("header").first())).toBe(false);

    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await expect(palette).toBeVisible();
    // The modal hides the rest of the page from the accessibility tree, the toast included.
    const shown = page.getByRole("region", { name: /^Notifications/, includeHidden: true }).getByRole("listitem", { includeHidden: true });
    await expect(shown).toBeVisible();
    await expect.poll(() => overlap(shown, palette)).toBe(false);
  });
}
