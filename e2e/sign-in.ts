import { type Page, expect } from "@playwright/test";
import { BOARD_DRAG_INSTRUCTIONS_ID } from "../src/web/features/tasks/lib/board-drag-registry.ts";

export interface Person {
  name: string;
  email: string;
}

/**
 * Signs in through the built-in local provider's real OpenID Connect flow, over HTTP with the page's cookies
 * (its form posted as the browser would), then opens the board, or the page at `path` without loading the
 * board first: the journeys that are not about signing in skip the clicks. `signInThroughUi` is the
 * person's way, for the sign-in journeys.
 */
export async function signIn(page: Page, person: Person, path = "/"): Promise<void> {
  const form = await page.request.get("/auth/local");
  expect(form.ok(), `the local provider's sign-in page: ${form.status()}`).toBe(true);
  const signedIn = await page.request.post(form.url(), { form: { name: person.name, email: person.email } });
  expect(signedIn.ok(), `signing in: ${signedIn.status()} at ${signedIn.url()}`).toBe(true);
  await page.goto(path);
  await expect(page.getByRole("banner")).toContainText(person.name);
  if (path === "/") await waitForBoard(page);
}

/**
 * Signs in as a person does and waits for the board: from the welcome screen's local sign-in button
 * (or straight at /auth/local when the screen has none), fills 'Name' and 'Email' on the provider's
 * page and presses 'Sign in'.
 */
export async function signInThroughUi(page: Page, person: Person): Promise<void> {
  await page.goto("/");
  const localButton = page.locator('a[href^="/auth/local"]');
  await expect(localButton.or(page.getByRole("heading", { level: 1 })).first()).toBeVisible();
  if (await localButton.isVisible()) await localButton.click();
  else await page.goto("/auth/local");
  await page.getByLabel("Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("banner")).toContainText(person.name);
  await waitForBoard(page);
}

/**
 * The board's drag and drop has arrived: it loads after the board's first paint (decision 013), and
 * with it the instructions each card's handle names for screen readers.
 */
export async function waitForDragAndDrop(page: Page): Promise<void> {
  await expect(page.locator(`#${BOARD_DRAG_INSTRUCTIONS_ID}`)).toBeAttached();
}

/**
 * dnd-kit's keyboard sensor starts listening for the arrow keys in a zero-delay timer after the
 * pick-up (which is announced at once); Chromium runs key input ahead of timers, so on a busy
 * machine an arrow pressed right after the announcement could arrive before that listener. A
 * zero-delay timer of our own runs after dnd-kit's: once it has, the arrows are heard.
 */
export async function afterPickUp(page: Page, announcement: string): Promise<void> {
  await expect(page.getByText(announcement)).toBeAttached();
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** The board has loaded its day: its heading is there and the loading placeholders are gone. */
export async function waitForBoard(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Task" }).first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading tasks" })).toHaveCount(0);
}
