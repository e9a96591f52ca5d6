import type { Locator, Page } from "@playwright/test";

/**
 * The toasts on screen. Not `getByRole("status")`: that is Radix's announcement for screen readers,
 * which lasts one second, too short to be seen on a busy machine.
 */
export function toasts(page: Page): Locator {
  return page.getByRole("region", { name: /^Notifications/ }).getByRole("listitem");
}
