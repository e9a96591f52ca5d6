import { expect, saveScreenshot, test } from "./fixtures.ts";
import { startIcsServer } from "./ics-server.ts";
import { signIn, waitForBoard } from "./sign-in.ts";

let calendar: Awaited<ReturnType<typeof startIcsServer>>;
let calendarUrl: string;

test.beforeAll(async () => {
  calendar = await startIcsServer();
  calendarUrl = calendar.url;
});

test.afterAll(async () => {
  await calendar.close();
});

test("subscribe to a calendar, see its meeting on the board and in capacity, and publish the plan as a feed", async ({ page, context }) => {
  test.slow();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, { name: "Calendar Person", email: `calendars-${Date.now()}@example.com` }, "/settings?tab=calendars");

  await page.getByLabel("Calendar address (ICS)").fill(calendarUrl);
  await page.getByRole("button", { name: "Add calendar" }).click();
  const calendars = page.getByRole("list", { name: "Subscribed calendars" });
  await expect(calendars.getByText("Team calendar")).toBeVisible();
  // The address is a secret: shown by its host only.
  await expect(calendars.getByText(/^127\.0\.0\.1:\d+\/…$/)).toBeVisible();
  await expect(page.getByText("secret-token")).toHaveCount(0);
  await expect(calendars.getByText(/2 events · read/)).toBeVisible();

  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto("/");
  await waitForBoard(page);
  const agenda = page.getByRole("list", { name: "Calendar events" });
  await expect(agenda.getByText("Design review")).toBeVisible();
  await expect(agenda.getByText("10:00 AM – 12:30 PM")).toBeVisible();
  // The free lunch is listed but does not count.
  await expect(agenda.getByText("Lunch (free)")).toBeVisible();
  await expect(page.getByText("Meetings 2h 30m")).toBeVisible();
  // One capacity (issue 56): 5 hours less the meetings, less the 20% buffer, as the insights read it.
  await expect(page.getByText(/2h 0m usable for tasks/)).toBeVisible();

  // The whole title shows at the panel's width: none of it is cut.
  const isWhole = () => agenda.getByText("Design review").evaluate((title) => title.scrollWidth <= title.clientWidth);
  expect(await isWhole()).toBe(true);

  // The prep task ends as the meeting starts; a second click opens it rather than making another.
  await agenda.getByRole("button", { name: "Prepare for Design review" }).click();
  const prep = page.getByRole("article", { name: /Prepare for Design review$/ });
  await expect(prep).toBeVisible();
  await expect(prep).toContainText("9:45 AM");
  await agenda.getByRole("button", { name: "Open “Prepare for Design review”" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Task" });
  await expect(dialog.getByLabel(/^Task Title/)).toHaveValue("Prepare for Design review");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(prep).toHaveCount(1);
  await expect(page.getByText(/^Load \d+%$/)).toBeVisible();
  await saveScreenshot(page, "calendars-board-desktop");

  await page.setViewportSize({ width: 375, height: 800 });
  await agenda.scrollIntoViewIfNeeded();
  await expect(agenda.getByText("Design review")).toBeVisible();
  expect(await isWhole()).toBe(true);
  await saveScreenshot(page, "calendars-board-phone");
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto("/settings?tab=calendars");
  await page.getByRole("button", { name: "Create feed address" }).click();
  const address = page.getByLabel("Feed address");
  await expect(address).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  // The button pressed is gone; focus moves on to the next step.
  await expect(page.getByRole("button", { name: "Copy address" })).toBeFocused();
  await page.getByRole("button", { name: "Copy address" }).click();
  await expect(page.getByText("Feed address copied", { exact: true })).toBeVisible();
  const feedUrl = await address.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);
  await saveScreenshot(page, "calendars-settings");

  // A calendar app fetches it without the browser's session.
  const feed = await fetch(feedUrl);
  expect(feed.status).toBe(200);
  expect(feed.headers.get("content-type")).toContain("text/calendar");
  const text = await feed.text();
  expect(text).toContain("BEGIN:VTIMEZONE");
  expect(text).toContain("SUMMARY:Prepare for Design review");
  expect(text).toMatch(/DTSTART;TZID=Europe\/Paris:\d{8}T094500/);
  const again = await fetch(feedUrl, { headers: { "if-none-match": feed.headers.get("etag") ?? "" } });
  expect(again.status).toBe(304);

  // Revoking breaks every app subscribed to the address: it asks first.
  await page.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("alertdialog", { name: "Revoke your feed address?" }).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByRole("button", { name: "Create feed address" })).toBeFocused();
  expect((await fetch(feedUrl)).status).toBe(404);
});
