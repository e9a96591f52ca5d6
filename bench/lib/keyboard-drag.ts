import type { Page } from "@playwright/test";

/**
 * After a keyboard pick-up is announced: dnd-kit listens for the arrow keys from a zero-delay timer after
 * the pick-up, and Chromium runs key input ahead of timers, so an arrow sent at once can go unheard. A
 * zero-delay timer of our own runs after dnd-kit's (as e2e/sign-in.ts's afterPickUp).
 */
export async function afterPickUp(page: Page, title: string): Promise<void> {
  await page.getByText(`Picked up "${title}"`).waitFor({ state: "attached" });
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
