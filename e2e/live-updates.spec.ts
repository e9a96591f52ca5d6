import type { Browser } from "@playwright/test";
import { expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { signIn } from "./sign-in.ts";
import { card, column, quickAdd, showColumn } from "./board.ts";

// Another device's change shows within 2 s, with no reload (decision 038), even on a busy machine.
const LIVE = { timeout: 2_000 };

let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Live ${label}`, email: `live-${label}-${Date.now()}-${people}@example.com` };
}

/** A signed-in board whose change stream is open. */
async function openBoard(browser: Browser, who: { name: string; email: string }, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const streamOpen = page.waitForResponse((response) => response.url().includes("/api/events") && response.status() === 200);
  await signIn(page, who);
  await streamOpen;
  return page;
}

test("a change on the phone shows on the desktop and back, and another person's board stays as it was", async ({ browser }) => {
  test.slow();
  const me = person("me");
  const desktop = await openBoard(browser, me, viewports.desktop);
  const phone = await openBoard(browser, me, { width: 375, height: 812 });
  const stranger = await openBoard(browser, person("stranger"), viewports.desktop);
  await quickAdd(stranger, "Their own task");

  await quickAdd(phone, "Buy milk");
  await expect(card(column(desktop, "To Do"), "Buy milk")).toBeVisible(LIVE);

  // Moved on the phone (its keyboard shortcut: 3 is Done), done on the desktop.
  await showColumn(phone, "To Do");
  await phone.getByRole("button", { name: 'Move "Buy milk"', exact: true }).focus();
  await phone.keyboard.press("3");
  await expect(card(column(desktop, "Done"), "Buy milk")).toBeVisible(LIVE);
  await expect(card(column(desktop, "To Do"), "Buy milk")).toHaveCount(0);

  // Deleted on the desktop, gone from the phone.
  await quickAdd(desktop, "Call the plumber");
  await showColumn(phone, "To Do");
  await expect(card(column(phone, "To Do"), "Call the plumber")).toBeVisible(LIVE);
  await card(column(desktop, "Done"), "Buy milk").getByRole("button", { name: 'Delete "Buy milk"' }).click();
  await desktop.getByRole("alertdialog", { name: "Delete Task" }).getByRole("button", { name: "Delete" }).click();
  await showColumn(phone, "Done");
  await expect(card(phone, "Buy milk")).toHaveCount(0, LIVE);

  // A task deleted on the phone while its edit dialog is open on the desktop: the dialog closes and says so.
  await card(column(desktop, "To Do"), "Call the plumber").getByRole("button", { name: 'Edit "Call the plumber"' }).click();
  const dialog = desktop.getByRole("dialog", { name: "Edit Task" });
  await dialog.getByLabel(/^Task Title/).fill("Call the plumber about the sink");
  await showColumn(phone, "To Do");
  await card(column(phone, "To Do"), "Call the plumber").getByRole("button", { name: 'Delete "Call the plumber"' }).click();
  await phone.getByRole("alertdialog", { name: "Delete Task" }).getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden(LIVE);
  await expect(desktop.getByText("This task was deleted or moved on another device", { exact: true })).toBeVisible();
  await saveScreenshot(desktop, "live-updates-dialog-closed");

  await expect(card(column(stranger, "To Do"), "Their own task")).toBeVisible();
  await expect(card(stranger, "Buy milk")).toHaveCount(0);
  await expect(card(stranger, "Call the plumber")).toHaveCount(0);
  // Closed, so that their boards and streams do not run on beside the worker's next journeys.
  await Promise.all([desktop, phone, stranger].map((page) => page.context().close()));
});

test("an account deleted on the desktop ends on the phone at once: it says so and keeps nothing", async ({ browser }) => {
  test.slow();
  const me = person("leaving");
  const desktop = await openBoard(browser, me, viewports.desktop);
  const phone = await openBoard(browser, me, { width: 375, height: 812 });
  await quickAdd(phone, "Water the plants");
  await expect(card(column(desktop, "To Do"), "Water the plants")).toBeVisible(LIVE);
  // A write the phone could not send yet waits in its outbox (IndexedDB): it must not outlive the account.
  await phone.route("**/api/tasks", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
  );
  await quickAdd(phone, "Call the bank");
  await expect(card(phone, "Call the bank")).toBeVisible();

  await desktop.goto("/settings?tab=analytics");
  await desktop.getByRole("button", { name: "Delete my account" }).click();
  const dialog = desktop.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Type your e-mail to confirm").fill(me.email);
  await dialog.getByRole("button", { name: "Delete my account" }).click();

  // Within the stream's credential check (a second) and a reload, not at the phone's next write (which
  // never comes here); the reload gets the room it needs on a busy machine.
  await expect(phone.getByText("This account was deleted", { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(card(phone, "Water the plants")).toHaveCount(0);
  await expect(card(phone, "Call the bank")).toHaveCount(0);
  await expect(phone.locator('a[href^="/auth/local"]').first()).toBeVisible();
  await saveScreenshot(phone, "live-updates-account-deleted-phone");
  const kept = await phone.evaluate(async () => {
    const outbox = await new Promise<number>((resolve) => {
      const opened = indexedDB.open("daywise-outbox");
      opened.onsuccess = () => {
        const db = opened.result;
        if (!db.objectStoreNames.contains("entries")) return resolve(0);
        const request = db.transaction("entries").objectStore("entries").count();
        request.onsuccess = () => resolve(request.result);
      };
      opened.onerror = () => resolve(0);
    });
    const userKeys = Object.keys(localStorage).filter((key) => (localStorage.getItem(key) ?? "").includes('"userId"'));
    return { outbox, userKeys };
  });
  expect(kept).toEqual({ outbox: 0, userKeys: [] });
  await Promise.all([desktop, phone].map((page) => page.context().close()));
});

// Issue 56, item 11: a sync tool and the board's own page write a burst of tasks at once, filling the
// coming days (each hundredth on the open day). The open board refetches each query at most about once a
// second (decision 064), every one of its requests succeeds, and it stays usable. 2,000 writes (the old
// listener failed 1,011 requests at that), 40 s in CI; E2E_BURST_WRITES=10000 for bench/RESULTS.md's figures.
const BURST_WRITES = 2 * Math.round(Number(process.env.E2E_BURST_WRITES ?? 2_000) / 2);

test("a burst of writes refetches each query about once a second and every request of the board succeeds", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(Math.max(180_000, BURST_WRITES * 150));
  const board = await openBoard(browser, person("burst"), viewports.desktop);
  const csrf = (await board.context().cookies()).find((cookie) => cookie.name === "csrfToken")?.value ?? "";
  const made = await board.request.post("/api/tokens", { data: { name: "Sync tool", scope: "write" }, headers: { "X-CSRF-Token": csrf } });
  expect(made.status(), await made.text()).toBe(201);
  const { token } = (await made.json()) as { token: string };
  const dayRead = await board.evaluate(
    () => performance.getEntriesByType("resource").find((entry) => /\/api\/tasks\?date=/.test(entry.name))?.name,
  );
  const today = new URL(dayRead ?? `${baseURL}/api/tasks?date=${new Date().toISOString().slice(0, 10)}`).searchParams.get("date")!;
  const later = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) + (1 + (n % 7)) * 86_400_000).toISOString().slice(0, 10);
  const days = Array.from({ length: BURST_WRITES / 2 + 1 }, (_, n) => (n % 100 === 0 || n === BURST_WRITES / 2 ? today : later(n)));

  const reads = new Map<string, number>();
  const failed: string[] = [];
  board.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.pathname.startsWith("/api/") && url.pathname !== "/api/events") {
      reads.set(url.pathname, (reads.get(url.pathname) ?? 0) + 1);
    }
  });
  board.on("requestfailed", (request) => failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`));
  board.on("response", (response) => {
    if (response.url().includes("/api/") && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });

  // Half from outside (a token, as a sync tool or an MCP client), half from inside the board's own page.
  const outside = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const started = Date.now();
  const fromOutside = (async () => {
    let next = 0;
    const writer = async () => {
      while (next < BURST_WRITES / 2) {
        next += 1;
        const response = await outside.post("/api/tasks", { data: { title: `Synced ${next}`, date: days[next] } });
        expect(response.status()).toBe(201);
      }
    };
    await Promise.all(Array.from({ length: 4 }, writer));
  })();
  const fromPage = board.evaluate(
    async ({ count, days, csrf }) => {
      let next = 0;
      let failures = 0;
      const writer = async () => {
        while (next < count) {
          next += 1;
          const response = await fetch("/api/tasks", {
            method: "POST",
            credentials: "include",
            headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
            body: JSON.stringify({ title: `Pasted ${next}`, date: days[next] }),
          }).catch(() => undefined);
          if (response?.status !== 201) failures += 1;
        }
      };
      await Promise.all(Array.from({ length: 2 }, writer));
      return failures;
    },
    { count: BURST_WRITES / 2, days, csrf },
  );
  // The board answers while the burst runs: a quick add shows its card.
  await quickAdd(board, "Added during the burst");
  await expect(card(column(board, "To Do"), "Added during the burst")).toBeVisible();
  const [, pageFailures] = await Promise.all([fromOutside, fromPage]);
  const seconds = (Date.now() - started) / 1_000;
  await expect(card(column(board, "To Do"), `Synced ${BURST_WRITES / 2}`)).toBeVisible({ timeout: 60_000 });
  await expect(card(column(board, "To Do"), `Pasted ${BURST_WRITES / 2}`)).toBeVisible();

  const refetches = Object.fromEntries(reads);
  console.log(`burst: ${BURST_WRITES} writes in ${seconds.toFixed(1)} s; the board's reads: ${JSON.stringify(refetches)}`);
  expect(pageFailures).toBe(0);
  expect(failed).toEqual([]);
  // One round a second while events arrive, one trailing, and the reads the page itself makes (quick add's).
  for (const [path, count] of reads) expect(count, path).toBeLessThanOrEqual(Math.ceil(seconds) + 3);
  await outside.dispose();
  await board.context().close();
});
