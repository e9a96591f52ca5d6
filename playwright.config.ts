import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Journeys run against the BUILT app (`npm run build`), never a dev server, on Debian's Chromium:
// Playwright never downloads a browser here (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
// E2E_PORT lets two checkouts run their journeys side by side.
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
// A fresh database per run. Outside test-results/, which Playwright empties at the start of a run.
// The journeys' OpenAI-compatible provider (e2e/ai-stub-server.ts); Gemini is configured too, so
// two providers are available (its base URL answers nothing: no journey chats through it).
const aiStubPort = port + 1000;
const AI_STUB_API_KEY = "e2e-openai-key-0123456789";
const dataDir = path.join(os.tmpdir(), `daywise-e2e-data-${Date.now()}`);
// The benches (which read `use.launchOptions`) and the journeys tagged @full-browser run the full
// Chromium; the other journeys run its headless shell (Playwright's default for headless runs): the
// same Blink and V8, lighter to run, without the desktop browser's notifications, push service or tab
// icon (decision 073). Without the shell installed, every journey runs the full browser.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  // Each journey signs in a person of its own, so files can run side by side on the one server
  // (E2E_WORKERS=2 on a machine with cores to spare). On two busy cores a second worker saved
  // nothing and starved the pages' first paint past the waits below.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 1,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  // Limits for a busy machine (CI may share it): beside a second suite on two cores a journey took
  // close to a minute and a first paint over 10 s. Every wait is on what the page shows.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "Europe/Paris",
    // A failed journey keeps its trace (actions, DOM snapshots, network, console) but no screencast:
    // its frames cost a third of the journeys' CPU. The failure's screenshot is taken below.
    trace: { mode: "retain-on-failure", screenshots: false },
    // No service worker (decision 018): it would answer pages and files from its caches, out of
    // reach of page.route (fixtures.ts's withoutBootAnswers, the journeys that fail calls).
    // e2e/offline.spec.ts turns it on for its own journeys.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "journeys",
      grepInvert: /@full-browser/,
      use: {
        launchOptions: { ...launchOptions, executablePath: existsSync(headlessShell) ? headlessShell : launchOptions.executablePath },
      },
    },
    { name: "full-browser", grep: /@full-browser/ },
  ],
  webServer: [
    {
      command: "node --import tsx e2e/ai-stub-server.ts",
      url: `http://127.0.0.1:${aiStubPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { AI_STUB_PORT: String(aiStubPort) },
    },
    {
      command: "node dist/server/main.js",
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        OPENAI_API_KEY: AI_STUB_API_KEY,
        OPENAI_BASE_URL: `http://127.0.0.1:${aiStubPort}/v1`,
        OPENAI_MODEL: "e2e-model",
        GEMINI_API_KEY: "e2e-gemini-key",
        GEMINI_BASE_URL: `http://127.0.0.1:${aiStubPort}/v1beta`,
        AI_RATE_LIMIT_PER_MINUTE: "100",
        AI_RATE_LIMIT_PER_DAY: "1000",
        // The sign-in journeys refresh 200 times in a few seconds (twenty tabs, ten times).
        AUTH_RATE_LIMIT: "1000",
        // e2e/calendars.spec.ts subscribes to a calendar server it starts on this machine.
        CALENDAR_ALLOW_PRIVATE_URLS: "1",
        WEBHOOK_ALLOW_PRIVATE_URLS: "1",
        // e2e/push.spec.ts subscribes at web-push-testing's local push service (plain HTTP on localhost).
        PUSH_ALLOW_PRIVATE_ENDPOINTS: "1",
      },
    },
  ],
});
