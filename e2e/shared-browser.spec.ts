import type { Page } from "@playwright/test";
import { closeWithEscape, expect, test } from "./fixtures.ts";
import { signIn } from "./sign-in.ts";

// Two accounts, one after the other, on one browser (spec section 1: each user sees only their own
// data): what the browser keeps for the first, the assistant's conversation and the notification
// preferences, is neither shown to the second nor sent on their behalf.

const SECRET = "My secret plan is to quit my job";
const people = () => {
  const stamp = Date.now();
  return [
    { name: "Ada First", email: `shared-a-${stamp}@example.com` },
    { name: "Bob Second", email: `shared-b-${stamp}@example.com` },
  ] as const;
};

const panel = (page: Page) => page.getByRole("dialog", { name: "AI Assistant" });
const log = (page: Page) => page.getByRole("log", { name: "Conversation with the AI assistant" });
const messageInput = (page: Page) => page.getByLabel("Message the AI assistant");
const procrastinationAlerts = (page: Page) =>
  page.getByRole("tabpanel", { name: "Notifications" }).getByRole("switch", { name: "Procrastination alerts" });

async function openChat(page: Page) {
  await page.getByRole("button", { name: /^AI Assistant/ }).click();
  await expect(panel(page)).toBeVisible();
}

/** Sends `text` in the open chat; resolves with the body the page posted to the AI provider's route. */
async function chat(page: Page, text: string): Promise<Record<string, unknown>> {
  const request = page.waitForRequest((candidate) => candidate.url().endsWith("/api/ai/chat"));
  await messageInput(page).fill(text);
  await messageInput(page).press("Enter");
  const body = (await request).postDataJSON() as Record<string, unknown>;
  await expect(log(page).getByText("Deep work")).toBeVisible();
  await expect(messageInput(page)).toBeEnabled();
  return body;
}

/** As A: Procrastination alerts switched on, and a secret in the chat, left open. */
async function leaveTracesAsFirstUser(page: Page) {
  await page.goto("/settings?tab=notifications");
  await expect(procrastinationAlerts(page)).not.toBeChecked();
  await procrastinationAlerts(page).click();
  await expect(procrastinationAlerts(page)).toBeChecked();
  await page.goto("/");
  await openChat(page);
  await chat(page, SECRET);
  await expect(log(page)).toContainText(SECRET);
}

/** As B: the assistant shows and sends nothing of A's, and the preferences are B's (the defaults). */
async function expectNothingOfFirstUser(page: Page) {
  // Closed, as a new account's starts, whatever A left it as.
  await expect(page.getByRole("button", { name: /^AI Assistant/ })).toBeVisible();
  await expect(panel(page)).toBeHidden();
  await openChat(page);
  await expect(log(page)).toContainText("Hi! I'm your AI planning assistant...");
  await expect(log(page)).not.toContainText(SECRET);

  const body = await chat(page, "Help me plan my day");
  expect(body.conversationHistory).toEqual([]);
  expect(JSON.stringify(body)).not.toContain("secret plan");
  await expect(log(page)).not.toContainText(SECRET);

  await page.goto("/settings?tab=notifications");
  await expect(procrastinationAlerts(page)).toBeVisible();
  await expect(procrastinationAlerts(page)).not.toBeChecked();
}

test.describe("two accounts on one browser", () => {
  test.beforeEach(async ({ page }) => {
    // Not what this is about: the first-visit tooltip is the browser's, shown to whoever comes first.
    await page.addInitScript(() => localStorage.setItem("ai-assistant-tooltip-seen", "true"));
  });

  test("after a logout, the next account sees and sends nothing of the last one's", async ({ page }) => {
    test.slow();
    const [first, second] = people();
    await signIn(page, first);
    await leaveTracesAsFirstUser(page);

    await closeWithEscape(page, panel(page));
    await page.getByRole("button", { name: /account menu/i }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page.getByRole("link", { name: /Sign in/ }).first()).toBeVisible();
    // Logging out took the user's values; the browser's own (the tooltip flag) stay.
    const kept = await page.evaluate(() => Object.entries(localStorage));
    expect(kept.map(([key]) => key)).toContain("ai-assistant-tooltip-seen");
    expect(kept.filter(([key]) => key.startsWith("ai-chat-") || key.startsWith("daywise:notif"))).toEqual([]);
    expect(JSON.stringify(kept)).not.toContain("secret plan");

    await signIn(page, second);
    await expectNothingOfFirstUser(page);
  });

  test("after a session that ended without a logout, the next account sees and sends nothing of the last one's", async ({
    page,
    context,
  }) => {
    test.slow();
    const [first, second] = people();
    await signIn(page, first);
    await leaveTracesAsFirstUser(page);

    // As a session that lapsed leaves the browser: signed out, A's values still in storage. The board is left
    // first (for a page of the same origin): open, it would meet the lost session itself and sign in again.
    await page.goto("/healthz");
    await context.clearCookies();
    await signIn(page, second);
    await expectNothingOfFirstUser(page);
  });
});
