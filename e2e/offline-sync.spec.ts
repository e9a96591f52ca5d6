import type { Page } from "@playwright/test";
import type { Task } from "../src/shared/api/tasks.ts";
import { todayInZone } from "../src/shared/rules/dates.ts";
import { SYNC_PROBLEMS_TITLE, refusedMessage } from "../src/web/app/shell/sync-problems.tsx";
import { api } from "./api.ts";
import { expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { waitForServiceWorker } from "./service-worker.ts";
import { signIn } from "./sign-in.ts";
import { card, quickAdd } from "./board.ts";

// Issue 50 (decision 043): what the outbox does when the server refuses a change, or an answer is lost.
// With the service worker, as an installed app is used offline: the app's later chunks come from its cache.
test.use({ serviceWorkers: "allow" });
test.slow();
let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Sync ${label}`, email: `sync-${label}-${Date.now()}-${people}@example.com` };
}

const today = () => todayInZone(new Date(), "Europe/Paris");

async function dayTasks(page: Page): Promise<Task[]> {
  return (await (await page.request.get(`/api/tasks?date=${today()}`)).json()) as Task[];
}

test("a change refused because another device deleted the task is listed with its reason, never dropped", async ({
  page,
  context,
  browser,
}) => {
  const bo = person("refused");
  await signIn(page, bo);
  const task = await api(page).createTask({ title: "Book the dentist", date: today() });
  await waitForServiceWorker(page);
  await page.reload();
  await expect(card(page, "Book the dentist")).toBeVisible();

  await context.setOffline(true);
  await card(page, "Book the dentist").getByRole("button", { name: 'Edit "Book the dentist"' }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Task" });
  await dialog.getByLabel(/^Task Title/).fill("Book the dentist for Tuesday");
  await dialog.getByRole("button", { name: "Update Task" }).click();
  await expect(dialog).toBeHidden();

  // Another device deletes the task while this one is offline.
  const other = await browser.newContext({ viewport: viewports.desktop });
  const otherPage = await other.newPage();
  await signIn(otherPage, bo);
  const deleted = await otherPage.request.delete(`/api/tasks/${task.id}`, { headers: await api(otherPage).headers() });
  expect(deleted.ok()).toBe(true);
  await other.close();

  await context.setOffline(false);
  const notice = page.getByRole("status").filter({ hasText: refusedMessage(1) });
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: "Review changes" }).click();
  const list = page.getByRole("dialog", { name: SYNC_PROBLEMS_TITLE });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem")).toContainText('Rename "Book the dentist"');
  await expect(list.getByRole("listitem")).toContainText("Task not found");
  await saveScreenshot(page, "offline-sync-refused");
  // Retry asks again, and is refused again with the same reason; Discard drops it.
  await list.getByRole("button", { name: 'Retry: Rename "Book the dentist"' }).click();
  await expect(list.getByRole("listitem")).toContainText("Task not found");
  await list.getByRole("button", { name: 'Discard: Rename "Book the dentist"' }).click();
  await expect(notice).toHaveCount(0);
  await expect(card(page, "Book the dentist for Tuesday")).toHaveCount(0);
});

test("a send cut off after the server wrote it is sent again under the same key and lands once", async ({ page, context }) => {
  await signIn(page, person("cut"));
  await waitForServiceWorker(page);
  await context.setOffline(true);
  for (const title of ["First errand", "Second errand", "Third errand"]) await quickAdd(page, title);

  // The second create reaches the server, which writes it, and its answer is lost on the way back.
  const keys: string[] = [];
  let isCut = false;
  await page.route("**/api/tasks", async (route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.continue();
    keys.push(`${(request.postDataJSON() as { title: string }).title} ${request.headers()["idempotency-key"]}`);
    if (!isCut && (request.postDataJSON() as { title: string }).title === "Second errand") {
      isCut = true;
      await route.fetch();
      return route.abort("connectionreset");
    }
    return route.continue();
  });
  await context.setOffline(false);
  await expect(page.getByRole("status").filter({ hasText: /waiting to sync/ })).toHaveCount(0);

  const second = keys.filter((entry) => entry.startsWith("Second errand"));
  expect(second).toHaveLength(2);
  expect(second[0]).toBe(second[1]);
  const titles = (await dayTasks(page)).map((task) => task.title);
  for (const title of ["First errand", "Second errand", "Third errand"]) expect(titles.filter((t) => t === title)).toHaveLength(1);
  // In the order they were made.
  expect(keys.map((entry) => entry.split(" ")[0])).toEqual(["First", "Second", "Second", "Third"]);
});
