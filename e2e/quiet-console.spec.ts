// A normal visit leaves the browser's console empty (issue 56): the board and its wrap-up, one chat
// message, Goals, Insights and Settings, at both widths. Unlike the pageErrors fixture this counts
// Chromium's own "Failed to load resource" lines, which a person with the console open sees too,
// and a chat request the browser gave up on although the server answered.
import type { Page } from "@playwright/test";
import { closeWithEscape, expect, saveScreenshot, test } from "./fixtures.ts";
import { signIn } from "./sign-in.ts";

const widths = [
  { label: "phone", viewport: { width: 375, height: 812 } },
  { label: "desktop", viewport: { width: 1366, height: 800 } },
] as const;

/** The stub's claim after the refused call (e2e/ai-stub-server.ts, which listens once imported). */
const REFUSED_CLAIM_REPLY = "I have handled that.";
let people = 0;

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on("requestfailed", (request) => {
    if (new URL(request.url()).pathname === "/api/ai/chat")
      problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return problems;
}

/** The header's link, or on a phone the navigation menu's item. */
async function openPage(page: Page, label: string, heading: string) {
  const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label });
  if (await link.isVisible()) {
    await link.click();
  } else {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await page.getByRole("menu").getByRole("menuitem", { name: label }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

for (const { label, viewport } of widths) {
  test.describe(`a normal visit on a ${label}`, () => {
    test.use({ viewport });

    test("logs no error in the console: the wrap-up, a chat, Goals, Insights and Settings", async ({ page }) => {
      test.slow();
      const problems = watchConsole(page);
      await page.addInitScript(() => localStorage.setItem("ai-assistant-tooltip-seen", "true"));
      people += 1;
      await signIn(page, { name: "Quiet Console", email: `quiet-${label}-${Date.now()}-${people}@example.com` });
      await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();

      // The wrap-up of a day not closed yet reads its summary: "none" is an answer, not a 404.
      const summaryRead = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/api/rollover/summary"));
      await page.getByRole("button", { name: /^End Day/ }).click();
      const wrapUp = page.getByRole("dialog", { name: "Daily Wrap-up" });
      await expect(wrapUp).toBeVisible();
      expect((await summaryRead).status()).toBe(200);
      await closeWithEscape(page, wrapUp);

      // One message, streamed to its end; then a change the server refuses, shown beside the model's claim.
      await page.getByRole("button", { name: /^AI Assistant/ }).click();
      const panel = page.getByRole("dialog", { name: "AI Assistant" });
      const log = panel.getByRole("log", { name: "Conversation with the AI assistant" });
      const input = panel.getByLabel("Message the AI assistant");
      const chatAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/ai/chat");
      await input.fill("Help me plan my day");
      await input.press("Enter");
      expect((await chatAnswered).status()).toBe(200);
      await expect(log.getByText("Deep work")).toBeVisible();
      await expect(input).toBeEnabled();

      await input.fill("Add 'Call the bank' at 3pm sharp");
      await input.press("Enter");
      const refusal = log.getByRole("group", { name: "Not done: Create tasks" });
      await expect(refusal).toContainText("The start time must be a time HH:MM from 00:00 to 23:59.");
      await expect(refusal).toContainText("Nothing was changed.");
      await expect(log.getByText(REFUSED_CLAIM_REPLY)).toBeVisible();
      await expect(input).toBeEnabled();
      await saveScreenshot(page, `quiet-console-refusal-${label}`);
      await closeWithEscape(page, panel);

      await openPage(page, "Goals", "Goals");
      await openPage(page, "Insights", "Insights");
      await openPage(page, "Settings", "Settings");
      await openPage(page, "Tasks", "Today");
      expect(problems).toEqual([]);
    });
  });
}
