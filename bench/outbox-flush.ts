// Issue 50's budget: 100 changes made offline are all acknowledged within 3 s of the network's return,
// sent one at a time in order by the outbox, each with its Idempotency-Key, in Chromium.
//
//   npm run build && node --import tsx bench/outbox-flush.ts
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "@playwright/test";
import playwrightConfig from "../playwright.config.ts";
import { todayInZone } from "../src/shared/rules/dates.ts";
import { startServer, waitUntilServing } from "./lib/processes.ts";

export const FLUSH_CHANGES = 100;
export const FLUSH_BUDGET_MS = 3_000;
const TIME_ZONE = "Europe/Paris";

export interface OutboxFlushCheck {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

export async function measureOutboxFlush(options: { port?: number } = {}): Promise<OutboxFlushCheck> {
  const port = options.port ?? 3452;
  const baseURL = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "daywise-bench-outbox-"));
  const server = startServer(
    "outbox",
    [path.join("dist", "server", "main.js")],
    {
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SESSION_SECRET: "bench-outbox-flush-secret-0123456789-abcdefghijklmnop",
    },
    port,
  );
  let browser: Browser | undefined;
  try {
    await waitUntilServing(server, "/healthz", performance.now());
    browser = await chromium.launch(playwrightConfig.use?.launchOptions);
    const context = await browser.newContext({ baseURL, timezoneId: TIME_ZONE, locale: "en-US", viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // The change stream opens once the code loaded after the first paint is there, before the network goes.
    const streamOpen = page.waitForResponse((response) => response.url().includes("/api/events") && response.status() === 200);
    await page.goto("/auth/local");
    await page.getByLabel("Name").fill("Bench Outbox");
    await page.getByLabel("Email").fill(`bench-outbox-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
    await streamOpen;

    await context.setOffline(true);
    const input = page.getByRole("textbox", { name: "Quick add a task" });
    for (let index = 1; index <= FLUSH_CHANGES; index++) {
      await input.fill(`Offline change ${index}`);
      await input.press("Enter");
      await page.waitForFunction((field) => (field as HTMLInputElement).value === "", await input.elementHandle());
    }
    const waiting = page.getByRole("status").filter({ hasText: /waiting to sync/ });
    await page.getByText(`${FLUSH_CHANGES} changes waiting to sync`).waitFor();

    const startedAt = performance.now();
    await context.setOffline(false);
    await waiting.waitFor({ state: "detached", timeout: 60_000 }).catch(() => waiting.waitFor({ state: "hidden", timeout: 60_000 }));
    const flushMs = performance.now() - startedAt;

    const answer = await page.request.get(`/api/tasks?date=${todayInZone(new Date(), TIME_ZONE)}`);
    const landed = ((await answer.json()) as { title: string }[]).filter((task) => task.title.startsWith("Offline change ")).length;
    return {
      name: `outbox: ${FLUSH_CHANGES} changes made offline, acknowledged after the network returns (Chromium, SQLite)`,
      value: `${flushMs.toFixed(0)} ms, ${landed} on the server`,
      budget: `< ${FLUSH_BUDGET_MS} ms, each once`,
      pass: flushMs < FLUSH_BUDGET_MS && landed === FLUSH_CHANGES,
    };
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  measureOutboxFlush()
    .then((check) => console.log(`${check.pass ? "PASS" : "FAIL"}  ${check.name}: ${check.value} (budget ${check.budget})`))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
