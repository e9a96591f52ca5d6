// The browser benches' shared set-up: a page in Europe/Paris on the built app, and a person signed in
// through the built-in local provider's form.
import type { Browser, BrowserContext, Page } from "@playwright/test";

export const BENCH_TIME_ZONE = "Europe/Paris";

export async function openBenchPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, timezoneId: BENCH_TIME_ZONE, locale: "en-US", viewport, serviceWorkers: "block" });
  // tsx names functions with an `__name` helper, which the functions sent to page.evaluate bring along.
  await context.addInitScript("globalThis.__name = (target) => target;");
  return { context, page: await context.newPage() };
}

/** Signs a new person in through the local provider's form; the answer is their CSRF token for API writes. */
export async function signInLocally(page: Page, name: string): Promise<string> {
  await page.goto("/auth/local");
  await page.getByLabel("Name").fill(`Bench ${name}`);
  await page.getByLabel("Email").fill(`bench-${name.toLowerCase()}-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  return (await page.context().cookies()).find((cookie) => cookie.name === "csrfToken")?.value ?? "";
}
