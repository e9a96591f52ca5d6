import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Page, chromium } from "@playwright/test";
import type { Task } from "../src/shared/api/tasks.ts";
import { todayInZone } from "../src/shared/rules/dates.ts";
import { OFFLINE_MESSAGE, waitingMessage } from "../src/web/app/shell/offline-banner.tsx";
import { api } from "./api.ts";
import { expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { waitForServiceWorker } from "./service-worker.ts";
import { afterPickUp, signIn, waitForBoard, waitForDragAndDrop } from "./sign-in.ts";
import { card, column, quickAdd, showColumn } from "./board.ts";

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

const waiting = (page: Page, count: number) => page.getByRole("status").filter({ hasText: waitingMessage(count) });

test("offline on the phone: changes kept through a reload land once each when back, beside the desktop's", async ({
  page,
  context,
  browser,
}) => {
  const ada = person("board");
  await page.setViewportSize(viewports.phone);
  await signIn(page, ada);
  // playwright.config.ts runs the browser in Europe/Paris; the user's zone comes from it at sign-in.
  const today = todayInZone(new Date(), "Europe/Paris");
  const calls = api(page);
  const tomatoes = await calls.createTask({ title: "Water the tomatoes", estimatedDuration: 30, date: today });
  for (const title of ["Alpha", "Bravo", "Charlie"]) await calls.createTask({ title, date: today });
  await waitForServiceWorker(page);
  await loadAndKeep(page, "/", "Charlie");
  await waitForBoard(page);
  await waitForDragAndDrop(page);

  await context.setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_MESSAGE })).toBeVisible();
  await quickAdd(page, "Buy milk");
  await quickAdd(page, "Call mum");
  // Completed by its keyboard shortcut (3 is Done).
  await page.getByRole("button", { name: 'Move "Alpha"', exact: true }).focus();
  await page.keyboard.press("3");
  await showColumn(page, "Done");
  await expect(card(column(page, "Done"), "Alpha")).toBeVisible();
  await showColumn(page, "To Do");
  await card(page, "Water the tomatoes").getByRole("button", { name: 'Edit "Water the tomatoes"' }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Task" });
  await dialog.getByLabel(/^Task Title/).fill("Water the basil");
  await dialog.getByRole("button", { name: "Update Task" }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, "Water the basil")).toBeVisible();
  // Reordered by keyboard: Charlie above Bravo.
  await page.getByRole("button", { name: 'Move "Charlie"', exact: true }).focus();
  await page.keyboard.press("Space");
  await afterPickUp(page, 'Picked up "Charlie" from the To Do column.');
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Space");
  const titles = () => column(page, "To Do").getByRole("article").getByRole("heading").allTextContents();
  await expect.poll(async () => (await titles()).indexOf("Charlie") < (await titles()).indexOf("Bravo")).toBe(true);
  await expect(waiting(page, 5)).toBeVisible();
  await saveScreenshot(page, "offline-changes-waiting");

  // Meanwhile the desktop, online, changes another field of the task the phone renamed.
  const desktop = await browser.newContext({ viewport: viewports.desktop, serviceWorkers: "block" });
  const desktopPage = await desktop.newPage();
  await signIn(desktopPage, ada);
  await api(desktopPage).updateTask(tomatoes.id, { estimatedDuration: 90 });

  // A reload offline: the kept page, with the changes still waiting applied to it.
  await page.reload();
  await expect(page.locator('meta[name="daywise-kept-page"]')).toHaveCount(1);
  await expect(card(page, "Buy milk")).toBeVisible();
  await expect(card(page, "Call mum")).toBeVisible();
  await expect(card(page, "Water the basil")).toBeVisible();
  await expect(card(page, "Alpha")).toHaveCount(0);
  await expect(waiting(page, 5)).toBeVisible();

  await context.setOffline(false);
  await expect(page.locator('meta[name="daywise-kept-page"]')).toHaveCount(0);
  await waitForBoard(page);

  // Sent in order: once the last change (the reorder) is on the server, every one is.
  const serverTasks = async () => (await (await desktopPage.request.get(`/api/tasks?date=${today}`)).json()) as Task[];
  const position = (tasks: Task[], title: string) => tasks.find((task) => task.title === title)?.position ?? 0;
  await expect
    .poll(async () => {
      const tasks = await serverTasks();
      return position(tasks, "Charlie") < position(tasks, "Bravo");
    })
    .toBe(true);
  await expect(page.getByRole("status").filter({ hasText: /waiting to sync/ })).toHaveCount(0);
  // On the server once each, the desktop's estimate kept beside the phone's title.
  const tasks = await serverTasks();
  const named = (title: string) => tasks.filter((task) => task.title === title);
  expect(named("Buy milk")).toHaveLength(1);
  expect(named("Call mum")).toHaveLength(1);
  expect(named("Water the basil")).toMatchObject([{ id: tomatoes.id, estimatedDuration: 90 }]);
  expect(named("Alpha")).toMatchObject([{ status: "done" }]);
  await expect(card(column(desktopPage, "To Do"), "Buy milk")).toBeVisible();
  await desktop.close();
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
