// Issue 56's day in the life, replayed on a phone: a title that keeps its words, a task moved to next week
// from its card, four completed with a tap, then End Day → Complete Day, which keeps the day's history.
import { todayInZone } from "../src/shared/rules/dates.ts";
import { nextWeekDay } from "../src/web/features/tasks/lib/day-choices.ts";
import { api } from "./api.ts";
import { expect, saveScreenshot, test } from "./fixtures.ts";
import { card, column, quickAdd, showColumn } from "./board.ts";
import { signIn, waitForBoard } from "./sign-in.ts";

const today = () => todayInZone(new Date(), "Europe/Paris");

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

test("a phone's day: quick add keeps 'Weekly review', a card moves to next week, four taps complete, and the closed day reads 4/10 (6 rolled over)", async ({
  page,
}) => {
  test.slow();
  await signIn(page, { name: "Day Life", email: `day-life-${Date.now()}@example.com` });
  const calls = api(page);
  const titles = ["Draft the outline", "Call the bank", "Review the budget", "Pay the rent", "Book the dentist"];
  for (const title of [...titles, "Water the plants", "Reply to Sam", "Plan the offsite", "Read the brief", "Tidy the desk"])
    await calls.createTask({ title, date: today() });
  await page.reload();
  await waitForBoard(page);

  await quickAdd(page, "Weekly review 30m");
  await expect(card(column(page, "To Do"), "Weekly review")).toBeVisible();

  await page.getByRole("button", { name: 'Move "Plan the offsite" to another day' }).tap();
  const move = page.getByRole("dialog", { name: "Move to…" });
  await move.getByRole("button", { name: /^Next week/ }).tap();
  await expect(move).toBeHidden();
  await expect(card(page, "Plan the offsite")).toHaveCount(0);
  await expect
    .poll(async () =>
      ((await (await page.request.get(`/api/tasks?date=${nextWeekDay(today())}`)).json()) as { title: string }[]).map((task) => task.title),
    )
    .toEqual(["Plan the offsite"]);

  for (const title of titles.slice(0, 4)) {
    await page.getByRole("button", { name: `Complete "${title}"` }).tap();
    await expect(page.getByRole("button", { name: `Complete "${title}"` })).toHaveCount(0);
  }
  await expect(page.getByText(/^\d+\/\d+ completed/)).toHaveText("4/10 completed");

  await page.getByRole("button", { name: "End Day (6)" }).press("Enter");
  const wrapUp = page.getByRole("dialog", { name: "Daily Wrap-up" });
  await wrapUp.getByRole("button", { name: "Complete Day" }).tap();
  await expect(wrapUp).toHaveCount(0);
  await expect(page.getByText(/^\d+\/\d+ completed/)).toHaveText("4/10 completed (6 rolled over)");
  await expect(page.getByText("40% complete")).toBeVisible();
  await showColumn(page, "Done");
  await expect(column(page, "Done").getByRole("article")).toHaveCount(4);
  await saveScreenshot(page, "day-in-the-life-closed-day-phone");
});
