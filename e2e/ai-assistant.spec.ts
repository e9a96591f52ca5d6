import type { Page } from "@playwright/test";
import { closeWithEscape, expect, saveScreenshot, test } from "./fixtures.ts";
import { signIn } from "./sign-in.ts";
import { readUserItem } from "./user-storage.ts";
import { toasts } from "./toasts.ts";

// The AI planning assistant (issue 13): against the OpenAI-compatible stub (e2e/ai-stub-server.ts)
// that playwright.config.ts starts, with OpenAI and Gemini configured.

const TOOLTIP_TEXT = "Need help planning your day? Click me!";
let userCount = 0;
const nextPerson = () => {
  userCount += 1;
  return { name: `Ada Planner ${userCount}`, email: `ai-${Date.now()}-${userCount}@example.com` };
};

/** Later journeys are not first visits: the first-visit tooltip counts as seen. */
async function skipFirstVisitTooltip(page: Page) {
  await page.addInitScript(() => localStorage.setItem("ai-assistant-tooltip-seen", "true"));
}

const launcher = (page: Page) => page.getByRole("button", { name: /^AI Assistant/ });
const panel = (page: Page) => page.getByRole("dialog", { name: "AI Assistant" });
const log = (page: Page) => page.getByRole("log", { name: "Conversation with the AI assistant" });
const messageInput = (page: Page) => page.getByLabel("Message the AI assistant");

/** Lets the stub send the held end of a "[slow]" reply (the stub's port: playwright.config.ts). */
async function releaseSlowReply(page: Page) {
  const stub = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1000}`;
  expect((await page.request.post(`${stub}/release`)).ok()).toBe(true);
}

async function openChat(page: Page) {
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
}

test.describe("the AI assistant", () => {
  test("greets a first visit with a tooltip, then remembers it was seen", async ({ page }) => {
    test.slow();
    await signIn(page, nextPerson());
    const tooltip = page.getByRole("status").filter({ hasText: TOOLTIP_TEXT });
    // About 2 s after load, for 5 s.
    await expect(tooltip).toBeVisible();
    await saveScreenshot(page, "ai-first-visit-tooltip-desktop");
    await expect(tooltip).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("ai-assistant-tooltip-seen"))).toBe("true");

    // Not again: with the clock run 10 s past the load, it never shows.
    await page.clock.install();
    await page.reload();
    await expect(launcher(page)).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(tooltip).toHaveCount(0);
  });

  test("chats with streamed replies, sizes, the red dot, clear and persistence; /ai-chat opens the panel", async ({ page }) => {
    test.slow();
    test.slow();
    await skipFirstVisitTooltip(page);
    await signIn(page, nextPerson());
    await expect(launcher(page)).toHaveAccessibleName("AI Assistant");

    await openChat(page);
    await expect(panel(page)).toContainText("Always here to help");
    await expect(log(page)).toContainText("Hi! I'm your AI planning assistant...");
    const prompts = page.getByRole("group", { name: "Quick prompts" }).getByRole("button");
    await expect(prompts).toHaveText(["Help me plan my day", "Break down my goal", "I'm feeling overwhelmed", "Time management tips"]);
    await saveScreenshot(page, "ai-panel-desktop");

    // A quick prompt: the request is the spec's, and the reply arrives as Markdown.
    const requestPromise = page.waitForRequest((request) => request.url().endsWith("/api/ai/chat"));
    await prompts.first().click();
    const request = await requestPromise;
    expect(request.headers()["accept"]).toBe("text/event-stream");
    const body = request.postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["context", "conversationHistory", "message", "provider"]);
    expect(body).toMatchObject({ message: "Help me plan my day", provider: "openai", conversationHistory: [] });
    expect(body.context).toMatchObject({ goals: [], tasks: [], completionRate: 0, averageCapacity: 6 });
    await expect(log(page).getByText("Deep work")).toBeVisible();
    await expect(log(page).locator("strong", { hasText: "Deep work" })).toHaveCount(1);
    await expect(messageInput(page)).toBeEnabled();

    // A slow reply grows piece by piece; the input and Send wait while it does.
    await messageInput(page).fill("[slow] I'm feeling overwhelmed");
    const secondRequest = page.waitForRequest((req) => req.url().endsWith("/api/ai/chat"));
    await messageInput(page).press("Enter");
    const history = ((await secondRequest).postDataJSON() as { conversationHistory: unknown[] }).conversationHistory;
    expect(history).toEqual([
      { role: "user", content: "Help me plan my day" },
      { role: "assistant", content: expect.stringContaining("Deep work") as unknown },
    ]);
    await expect(messageInput(page)).toBeDisabled();
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
    await expect(log(page)).toContainText("Let's take this");
    await expect(log(page)).not.toContainText("one small task.");
    await releaseSlowReply(page);
    await expect(log(page)).toContainText("one small task.");
    await expect(messageInput(page)).toBeEnabled();
    // Empty or blank text is not sent.
    await messageInput(page).fill("   ");
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();

    // A reply that arrives while the chat is closed lights the red dot; Escape closes and gives focus back.
    await messageInput(page).fill("[slow] once more please");
    await messageInput(page).press("Enter");
    await expect(log(page)).toContainText("Let's take this");
    await closeWithEscape(page, panel(page));
    await releaseSlowReply(page);
    await expect(launcher(page)).toBeFocused();
    await expect(launcher(page)).toHaveAccessibleName("AI Assistant (new message)");
    await expect(page.getByTestId("ai-notification-dot")).toBeVisible();
    await saveScreenshot(page, "ai-notification-dot-desktop");
    await openChat(page);
    await expect(page.getByTestId("ai-notification-dot")).toHaveCount(0);

    // Sizes: compact, fullscreen (the standalone view), and back to expanded after a close.
    const sizes = page.getByRole("group", { name: "Panel size" });
    await expect(sizes.getByRole("button", { name: "Expanded" })).toHaveAttribute("aria-pressed", "true");
    const expandedWidth = (await panel(page).boundingBox())?.width ?? 0;
    await sizes.getByRole("button", { name: "Compact" }).click();
    await expect.poll(async () => (await panel(page).boundingBox())?.width ?? 0).toBeLessThan(expandedWidth);
    await sizes.getByRole("button", { name: "Fullscreen" }).click();
    await expect.poll(async () => (await panel(page).boundingBox())?.width ?? 0).toBeCloseTo(1280, 0);
    await expect(page.getByRole("heading", { name: "AI Planning Assistant" })).toBeVisible();
    await expect(panel(page)).toContainText("6 messages in history");
    await saveScreenshot(page, "ai-fullscreen-desktop");

    // Persistence across a reload: the conversation and the open state.
    await page.reload();
    await expect(panel(page)).toBeVisible();
    await expect(sizes.getByRole("button", { name: "Expanded" })).toHaveAttribute("aria-pressed", "true");
    await expect(log(page)).toContainText("one small task.");
    expect(await readUserItem(page, "ai-chat-open")).toBe("true");

    // Clear, from the standalone view: the cleared message, five suggestions, the stored copy gone.
    await sizes.getByRole("button", { name: "Fullscreen" }).click();
    await page.getByRole("button", { name: "Clear Chat" }).click();
    await expect(log(page)).toContainText("Chat cleared. How can I help you today?");
    await expect(panel(page)).toContainText("0 messages in history");
    await expect(page.getByRole("group", { name: "Quick prompts" }).getByRole("button")).toHaveCount(5);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("ai-chat-messages"))).toBeNull();

    // Compact mode offers two quick prompts.
    await sizes.getByRole("button", { name: "Compact" }).click();
    await expect(page.getByRole("group", { name: "Quick prompts" }).getByRole("button")).toHaveCount(2);
    await saveScreenshot(page, "ai-compact-desktop");
    await page.getByRole("button", { name: "Close" }).click();
    await expect(panel(page)).toBeHidden();
    expect(await readUserItem(page, "ai-chat-open")).toBe("false");

    // Closed, /ai-chat opens the panel on the board.
    await page.goto("/ai-chat");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
    await expect(panel(page)).toBeVisible();
  });

  test("shows a reply carrying HTML as text and runs none of it; a failure says so; a reply naming an image and a link loads nothing from their host", async ({
    page,
  }) => {
    await skipFirstVisitTooltip(page);
    const toEvilHost: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).hostname === "evil.example") toEvilHost.push(request.url());
    });
    await signIn(page, nextPerson());
    await openChat(page);
    await messageInput(page).fill("[html] show me markup");
    await messageInput(page).press("Enter");
    await expect(log(page)).toContainText("Bold is fine.");
    await expect(log(page)).toContainText('<img src=x onerror="window.__aiXss=1">');
    await expect(log(page)).toContainText("<script>window.__aiXss=2</script>");
    await expect(log(page).locator("img, script")).toHaveCount(0);
    await expect(log(page).locator("strong", { hasText: "Bold is fine." })).toHaveCount(1);
    expect(await page.evaluate(() => (window as { __aiXss?: unknown }).__aiXss)).toBeUndefined();

    await messageInput(page).fill("[fail] this one breaks");
    await messageInput(page).press("Enter");
    await expect(log(page)).toContainText("Sorry, I encountered an error. Please try again.");

    // A reply naming an image and a link loads nothing from their host; its code block takes focus.
    await expect(messageInput(page)).toBeEnabled();
    await messageInput(page).fill("[exfil] show me the chart");
    await messageInput(page).press("Enter");
    const reply = log(page).locator('[data-role="assistant"]').last();
    await expect(reply).toContainText("chart (image: https://evil.example/pixel.png?q=secret)");
    await expect(messageInput(page)).toBeEnabled();

    await expect(log(page).locator("img")).toHaveCount(0);
    const link = reply.getByRole("link", { name: /the report/ });
    await expect(link).toHaveText("the report (https://evil.example/report?q=secret)");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(link).toHaveAttribute("target", "_blank");

    const code = reply.getByRole("group", { name: "Code block" });
    // Read to its end: Chromium may still count the finished stream as net::ERR_ABORTED, so the text is what is checked.
    await expect(code).toContainText('"a long task name number 11"];');
    await expect.poll(() => code.evaluate((block) => block.scrollWidth > block.clientWidth)).toBe(true);
    await code.focus();
    await expect(code).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => code.evaluate((block) => block.scrollLeft)).toBeGreaterThan(0);
    await saveScreenshot(page, "ai-reply-image-and-link");

    // The page asked nothing of the host.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(toEvilHost).toEqual([]);
  });

  test("AI Settings lists two configured providers and saves the choice", async ({ page }) => {
    await skipFirstVisitTooltip(page);
    await signIn(page, nextPerson(), "/settings");
    const openai = page.getByRole("radio", { name: /OpenAI/ });
    await expect(openai).toBeChecked();
    await expect(page.getByRole("radio", { name: /Google Gemini/ })).toBeEnabled();
    const claude = page.getByRole("radio", { name: /Claude/ });
    await expect(claude).toBeDisabled();
    await expect(claude).toHaveAccessibleDescription("Not configured - check environment variables");
    const save = page.getByRole("button", { name: "Save Settings" });
    await expect(save).toBeDisabled();
    await expect(page.getByRole("table")).toContainText("openrouter");
    await saveScreenshot(page, "ai-settings-desktop");

    await page.getByRole("radio", { name: /Google Gemini/ }).check();
    await expect(save).toBeEnabled();
    await save.click();
    const toast = toasts(page).filter({ hasText: "Provider Updated" });
    await expect(toast).toContainText("Switched to Google Gemini");
    await expect(save).toBeDisabled();
    expect(await readUserItem(page, "ai-preferred-provider")).toBe("gemini");
    await expect(page.getByText("Current")).toHaveCount(1);
    await expect(page.locator("label", { hasText: "Current" })).toContainText("Google Gemini");

    // The chat follows the choice.
    await openChat(page);
    await page.getByRole("button", { name: "Chat settings" }).click();
    await expect(page.getByLabel("AI provider")).toHaveValue("gemini");
  });
});

test.describe("the AI assistant on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("opens full width", async ({ page }) => {
    await skipFirstVisitTooltip(page);
    await signIn(page, nextPerson());
    await saveScreenshot(page, "ai-launcher-phone");
    await openChat(page);
    await expect.poll(async () => (await panel(page).boundingBox())?.width ?? 0).toBeCloseTo(375, 0);
    await page.getByRole("button", { name: "Help me plan my day" }).click();
    await expect(log(page).getByText("Deep work")).toBeVisible();
    await saveScreenshot(page, "ai-panel-phone");
    await page.keyboard.press("Escape");
    await page.goto("/settings");
    await expect(page.getByRole("radio", { name: /OpenAI/ })).toBeChecked();
    await saveScreenshot(page, "ai-settings-phone");
  });
});
