import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Page, chromium } from "@playwright/test";
import { todayInZone } from "../src/shared/rules/dates.ts";
import { OFFLINE_MESSAGE } from "../src/web/app/shell/offline-banner.tsx";
import { api } from "./api.ts";
import { expect, saveScreenshot, test } from "./fixtures.ts";
import { signIn, waitForBoard } from "./sign-in.ts";

// Issue 17, part 4 (decision 018): the installable app. Only these journeys run with the service
// worker; playwright.config.ts blocks it for every other one.
test.use({ serviceWorkers: "allow" });
// Each journey waits for the worker to precache the whole build first: slow on a busy machine.
test.slow();

let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Offline ${label}`, email: `offline-${label}-${Date.now()}-${people}@example.com` };
}

/** Waits until the service worker has installed this build and controls the page. */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration("/"))?.active?.state === "activated");
  // clients.claim() takes the open page over, unless that page's document began while the worker
  // was still installing: then, as for any visitor, the next load is the first one it answers. On a
  // busy machine a reload right after the activation was now and then still not answered by it
  // (the worker activated, the page visible and loaded, no controller 15 s later): a further load is.
  const isControlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  for (let load = 1; !(await isControlled()); load++) {
    if (load > 3) throw new Error("the service worker, activated, controls no page after 3 loads");
    await page.reload();
    await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 5_000, polling: 250 })
      .catch(() => undefined);
  }
}

/** The texts of the pages the service worker keeps for offline use. */
async function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open("daywise-pages");
    return Promise.all((await cache.keys()).map(async (request) => (await cache.match(request))!.text()));
  });
}

/** The page's address, loaded through the service worker so that it keeps it. */
async function loadAndKeep(page: Page, url: string, expectedText: string) {
  await page.goto(url);
  await expect.poll(async () => (await keptPages(page)).some((html) => html.includes(expectedText))).toBe(true);
}

test("offline reload showing the cached board, read-only", async ({ page, context }) => {
  const ada = person("board");
  await signIn(page, ada);
  // playwright.config.ts runs the browser in Europe/Paris; the user's zone comes from it at sign-in.
  await api(page).createTask({ title: "Water the tomatoes", estimatedDuration: 30, date: todayInZone(new Date(), "Europe/Paris") });
  await waitForServiceWorker(page);

  await loadAndKeep(page, "/", "Water the tomatoes");
  await waitForBoard(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_MESSAGE })).toBeVisible();
  // The service worker's kept copy, not the network.
  await expect(page.locator('meta[name="daywise-kept-page"]')).toHaveCount(1);
  await expect(page.getByRole("banner")).toContainText(ada.name);
  await expect(page.getByRole("article", { name: /Water the tomatoes$/ })).toBeVisible();
  // Read-only: nothing on the board can be changed.
  await expect(page.getByRole("button", { name: "Add Task" }).first()).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "Quick add a task" })).toBeDisabled();
  await page.locator("body").press("n");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.locator("body").press("Control+k");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await saveScreenshot(page, "offline-board");

  // Still offline the next day: the copy shows the day it holds, not an empty or failing today.
  await page.clock.setSystemTime(new Date(Date.now() + 24 * 60 * 60 * 1000));
  await page.reload();
  await expect(page.locator('meta[name="daywise-kept-page"]')).toHaveCount(1);
  await expect(page.getByRole("article", { name: /Water the tomatoes$/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Today");

  // Back online, the kept copy gives way to the live board.
  await context.setOffline(false);
  // (The copy asks the server at once, then again after 2 s, 4 s...: the browser may say "online"
  // a moment before its network works.)
  await expect(page.locator('meta[name="daywise-kept-page"]')).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_MESSAGE })).toHaveCount(0);
  await waitForBoard(page);
  await expect(page.getByRole("button", { name: "Add Task" }).first()).toBeEnabled();
});

test("after signing out, no board is kept: offline shows the welcome screen", async ({ page, context }) => {
  const grace = person("sign-out");
  await signIn(page, grace);
  await api(page).createGoal({ title: "Private goal of Grace" });
  await waitForServiceWorker(page);
  await loadAndKeep(page, "/goals", "Private goal of Grace");
  await loadAndKeep(page, "/", grace.email);

  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: /Sign in/ }).first()).toBeVisible();
  await expect
    .poll(async () => (await keptPages(page)).some((html) => html.includes(grace.email) || html.includes("Private goal of Grace")))
    .toBe(false);

  await context.setOffline(true);
  // Neither the board nor another kept page of the signed-out user comes back.
  for (const url of ["/", "/goals"]) {
    await page.goto(url);
    await expect(page.getByRole("link", { name: /Sign in/ }).first()).toBeVisible();
    await expect(page.getByText("Private goal of Grace")).toHaveCount(0);
    await expect(page.getByText(grace.name)).toHaveCount(0);
  }
  await context.setOffline(false);
});

test("the app is installable: Lighthouse's checks, as Chromium runs them, find nothing missing", async ({ baseURL }, testInfo) => {
  // Chromium never offers to install from an incognito profile, which every test context is: this
  // one runs in a profile of its own, with the project's browser and flags.
  const profile = mkdtempSync(path.join(os.tmpdir(), "daywise-e2e-profile-"));
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    await expect(page.getByRole("link", { name: /Sign in/ }).first()).toBeVisible();
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const { url, errors, data } = await cdp.send("Page.getAppManifest");
    expect(url).toBe(new URL("/manifest.webmanifest", baseURL).href);
    expect(errors).toEqual([]);
    expect(JSON.parse(data ?? "{}")).toMatchObject({ name: "Daywise", start_url: "/", display: "standalone" });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
