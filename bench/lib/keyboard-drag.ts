import type { Page } from "@playwright/test";

/**
 * After a keyboard pick-up is announced: dnd-kit listens for the arrow keys from a zero-delay timer after
 * the pick-up, and Chromium runs key input ahead of timers, so an arrow sent at once can go unheard. A
 * zero-delay timer of our own runs after dnd-kit's (as e2e/sign-in.ts's afterPickUp).
 */
async function afterPickUp(page: Page, title: string): Promise<void> {
  await page.getByText(`Picked up "${title}"`).waitFor({ state: "attached" });
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/**
 * Picks the focused card up by keyboard and holds it over the In Progress column, ready for the drop. On a
 * busy machine an arrow still went unheard once in a full bench run: one not announced within 3 s is sent
 * again, and one heard late (the card then over Done) is taken back.
 */
export async function holdOverInProgress(page: Page, title: string): Promise<void> {
  await page.keyboard.press("Space");
  await afterPickUp(page, title);
  const over = (column: string) => page.getByText(`"${title}" is over the ${column} column.`);
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.keyboard.press((await over("Done").count()) > 0 ? "ArrowLeft" : "ArrowRight");
    const isOver = await over("In Progress")
      .waitFor({ state: "attached", timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (isOver) return;
  }
  throw new Error(`"${title}" never showed over the In Progress column`);
}
