import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import axe from "axe-core";
import { BOOT_ANSWERS_ELEMENT_ID } from "../src/shared/boot-answers.ts";

export { expect };

/**
 * Every axe rule, the experimental ones (label-content-name-mismatch, p-as-heading, ...) and the
 * best practices (region, landmarks) included, up to WCAG level AA: a journey passes only with zero
 * violations. The three AAA rules are left out (the product targets AA; enhanced contrast, 7:1,
 * would rule out the brand's indigo buttons and every red warning).
 */
export const axeRules = axe
  .getRules()
  .filter((rule) => !rule.tags.includes("wcag2aaa"))
  .map((rule) => rule.ruleId);

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * Radix's focus sentinels: empty spans with tabindex 0 around an open dialog or menu (focus
 * guards) and around the toast list (focus proxies), which pass focus straight on and never keep
 * it. The experimental focus-order-semantics rule reads them as focusable content without a role;
 * they are the library's, not ours.
 */
const RADIX_FOCUS_SENTINELS = ["[data-radix-focus-guard]", '[role="region"][aria-label^="Notifications"] > span[tabindex="0"]'];

/**
 * Scans the page once its transitions have ended (a toast fading in is measured at its final
 * colours, not half transparent; endless ones such as spinners are not waited for) and fails with
 * a readable list of what is wrong. One that starts during the scan (a notice arriving once the page
 * is idle) is finished at once, so that it too is measured as it ends up.
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string; exclude?: string } = {}) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  // Legacy mode runs axe in the page itself; the default opens a blank page per scan to merge frames'
  // results (about 0.5 s each), and the app has no frames. axe's source is sent once per document:
  // the builder would evaluate its 600 KB twice at every scan.
  const injected = await page.evaluate(() => "axe" in window);
  let builder = new AxeBuilder({ page, ...(injected ? { axeSource: ";" } : {}) }).withRules(axeRules).setLegacyMode(true);
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  for (const sentinel of RADIX_FOCUS_SENTINELS) builder = builder.exclude(sentinel);
  await page.evaluate(() => {
    const finish = (event: Event) => {
      for (const animation of (event.target as Element).getAnimations?.() ?? []) {
        if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
      }
    };
    (window as { finishAnimationsDuringScan?: (event: Event) => void }).finishAnimationsDuringScan = finish;
    document.addEventListener("animationstart", finish, true);
    document.addEventListener("transitionrun", finish, true);
  });
  const { violations } = await builder.analyze();
  await page.evaluate(() => {
    const finish = (window as { finishAnimationsDuringScan?: (event: Event) => void }).finishAnimationsDuringScan;
    if (!finish) return;
    document.removeEventListener("animationstart", finish, true);
    document.removeEventListener("transitionrun", finish, true);
  });
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `  - ${node.target.join(" ")}: ${node.failureSummary ?? ""}`).join("\n"),
  );
  expect(summary, "axe violations").toEqual([]);
}

/** Full-page screenshot under test-results/screenshots/, for people to look at. */
export async function saveScreenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

interface Fixtures {
  /**
   * Fails the test when the page throws or logs an error (CSP refusals show up here too).
   * Chromium's own "Failed to load resource" lines are left out: a signed-out user call answers
   * 401 by design, and failed responses are asserted where they matter.
   */
  pageErrors: string[];
}

export const test = base.extend<Fixtures>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
          errors.push(`console.error: ${message.text()}`);
        }
      });
      await use(errors);
      expect(errors, "errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Serves this page's next documents without the answers the server embeds for the first calls
 * (decision 013), as when the server could not build them: the page then asks the network, which
 * a journey can hold back or fail with page.route. Journeys run without the service worker
 * (playwright.config.ts: serviceWorkers "block"), which would otherwise answer pages from its cache.
 */
export async function withoutBootAnswers(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/auth/") && !url.pathname.startsWith("/assets/"),
    async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const element = new RegExp(`<script type="application/json" id="${BOOT_ANSWERS_ELEMENT_ID}">.*?</script>`, "su");
      const body = (await response.text()).replace(element, "");
      await route.fulfill({ response, body });
    },
  );
}

/** Closes the toasts on screen (one may close by itself meanwhile), so none stays over what comes next. */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.getByRole("region", { name: /^Notifications/ }).getByRole("listitem");
  while ((await toasts.count()) > 0) {
    await toasts
      .first()
      .getByRole("button", { name: "Close notification" })
      .click({ timeout: 2_000 })
      .catch(() => {});
  }
  await expect(toasts).toHaveCount(0);
}

/**
 * Closes a dialog, menu or panel with Escape, as a person does. A toast on screen (the notification
 * engine starts once the page is idle) is Radix's topmost layer and would take the Escape: it is
 * closed first, as the person would.
 */
export async function closeWithEscape(page: Page, layer: Locator): Promise<void> {
  await closeToasts(page);
  await page.keyboard.press("Escape");
  await expect(layer).toBeHidden();
}
