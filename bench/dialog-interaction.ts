// Issue 56, item 12: on a phone-class CPU (Lighthouse's mobile 4x, scaled to this machine's rendering speed as
// bench/lib/phone-cpu.ts says), each interaction's Event Timing
// figure (the browser's INP measure: an interaction's longest event, grouped by interactionId) for opening
// a task's Edit dialog, closing it, opening the palette (Ctrl+K), a quick add and a board drop:
// p75 <= 100 ms and max <= 200 ms, the user-felt limit of one interaction (web.dev's "good" INP is 200 ms).
// Each run first clicks a button of the bench's that repaints the whole viewport: what that takes (the median) over
// a phone's 16 ms frame is this machine's own cost of presenting a full frame, taken off every figure (decision 076).
//
//   npm run build && node --import tsx bench/dialog-interaction.ts
//
// The built server on a fresh SQLite DATA_DIR; a board of 20 tasks made through the API; the page is left
// idle first, as a person reads their day before the first click (the dialogs' code loads on idle).
import { pathToFileURL } from "node:url";
import { type Browser, type Page, chromium } from "@playwright/test";
import playwrightConfig from "../playwright.config.ts";
import { todayInZone } from "../src/shared/rules/dates.ts";
import { BOARD_DRAG_INSTRUCTIONS_ID } from "../src/web/features/tasks/lib/board-drag-registry.ts";
import { percentile, recordInteractions } from "./lib/event-timing.ts";
import { describeCpu, measurePhoneSlowdown } from "./lib/phone-cpu.ts";
import { BENCH_TIME_ZONE as TIME_ZONE, openBenchPage, signInLocally } from "./lib/bench-page.ts";
import { holdOverInProgress } from "./lib/keyboard-drag.ts";
import { findFreePort, startBuiltApp } from "./lib/processes.ts";

export const DIALOG_BUDGETS = { p75Ms: 100, maxMs: 200 } as const;
/** A phone's least interaction: its frame presented at the next vsync. */
const PHONE_FRAME_MS = 16;
const REFERENCE = "a click that repaints the viewport (reference)";
export const TASK_COUNT = 20;
const RUNS = Number(process.env.BENCH_DIALOG_RUNS ?? 8);

export interface DialogCheck {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

export interface DialogInteractionResult {
  /** Per interaction, each run's figure in ms; 0 when under Event Timing's 16 ms threshold (not reported). */
  figures: Record<string, number[]>;
  checks: DialogCheck[];
  /** The machine's render work just before the runs, and the CPU slowdown it gave. */
  cpu: { workMs: number; slowdown: number };
  /** Per interaction, each run's figure less what the reference's median took over a phone's frame (decision 076). */
  adjusted: Record<string, number[]>;
}

const now = (page: Page) => page.evaluate(() => performance.now());
const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));

type Step = (page: Page, run: number) => Promise<{ from: number; to: number }>;

// The waits inside a measured window are CSS selectors: a role query computes accessible names over the
// whole page, on the page's own main thread, each frame it waits, which is the harness's work and not the
// app's (18 ms per open at 1x, a profile showed). The accessible names are checked once the interaction has painted.
const dialog = (page: Page) => page.locator('[role="dialog"]');
const editButton = (title: string) => `button[aria-label='Edit "${title}"']`;

async function expectDialog(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.getByRole("dialog", { name }).waitFor();
}

/** Each step acts once and returns the window in which its interaction started. */
const steps: Record<string, Step> = {
  [REFERENCE]: async (page) => {
    const button = page.locator("#bench-reference");
    await button.hover();
    await settled(page);
    const from = await now(page);
    await button.click();
    await page.locator(`#bench-reference[data-clicks]`).waitFor();
    const to = await now(page);
    await button.evaluate((element) => element.removeAttribute("data-clicks"));
    return { from, to };
  },
  "open a task's Edit dialog": async (page, run) => {
    const button = page.getByRole("button", { name: `Edit "Bench task ${run + 1}"` });
    // A person's pointer is on the button before the press; Playwright's click moves it there in the press's own frame.
    await button.hover();
    await settled(page);
    const from = await now(page);
    await button.click();
    await dialog(page).waitFor();
    const to = await now(page);
    await expectDialog(page, "Edit Task");
    return { from, to };
  },
  "close a dialog (Escape)": async (page) => {
    const from = await now(page);
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "hidden" });
    return { from, to: await now(page) };
  },
  "open the palette (Ctrl+K)": async (page) => {
    const from = await now(page);
    await page.keyboard.press("Control+k");
    await dialog(page).waitFor();
    const to = await now(page);
    await expectDialog(page, "Command palette");
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "hidden" });
    return { from, to };
  },
  "quick add (Enter)": async (page, run) => {
    const input = page.getByRole("textbox", { name: "Quick add a task" });
    await input.fill(`Added ${run + 1}`);
    const from = await now(page);
    await input.press("Enter");
    await page.locator(editButton(`Added ${run + 1}`)).waitFor();
    const to = await now(page);
    await page.waitForLoadState("networkidle");
    return { from, to };
  },
  "a board drop (keyboard)": async (page, run) => {
    const title = `Bench task ${TASK_COUNT - run}`;
    await page.locator(`#${BOARD_DRAG_INSTRUCTIONS_ID}`).waitFor({ state: "attached" });
    await page.getByRole("button", { name: `Move "${title}"`, exact: true }).focus();
    await holdOverInProgress(page, title);
    const from = await now(page);
    await page.keyboard.press("Space");
    await page.locator(`section[data-column="inprogress"] ${editButton(title)}`).waitFor();
    const to = await now(page);
    await page.waitForLoadState("networkidle");
    return { from, to };
  },
};

/** A person's board of TASK_COUNT tasks made through the API, open and left idle: the dialogs' code loads on idle. */
export async function openSeededBoard(page: Page, name: string): Promise<void> {
  const csrf = await signInLocally(page, name);
  const date = todayInZone(new Date(), TIME_ZONE);
  for (let index = 0; index < TASK_COUNT; index++) {
    const data = { title: `Bench task ${index + 1}`, date, estimatedDuration: 30, description: "A line of notes." };
    const response = await page.request.post("/api/tasks", { headers: { "X-CSRF-Token": csrf }, data });
    if (response.status() !== 201) throw new Error(`creating a task answered ${response.status()}: ${await response.text()}`);
  }
  await page.goto("/");
  await page.getByText(`Bench task ${TASK_COUNT}`, { exact: true }).waitFor();
  await page.waitForLoadState("networkidle");
  // The app's idle jobs (menus, dialogs, the palette, drag and drop) run one per idle period.
  await page.waitForTimeout(3_000);
}

/**
 * What presenting a full frame costs on this page and machine, outside the app: a click that changes the page's
 * background, so that the whole viewport is rastered again, as after the drop's scroll to the dropped card.
 */
async function addReferenceButton(page: Page): Promise<void> {
  await page.evaluate(() => {
    const button = document.createElement("button");
    button.id = "bench-reference";
    button.textContent = "A";
    button.style.cssText = "position:fixed;left:0;bottom:0;z-index:100;width:2rem;height:2rem";
    button.addEventListener("click", () => {
      button.textContent = button.textContent === "A" ? "B" : "A";
      document.body.style.backgroundColor = button.textContent === "A" ? "" : "rgb(254, 254, 254)";
      button.dataset.clicks = "1";
    });
    document.body.append(button);
  });
}

export async function measureDialogInteraction(): Promise<DialogInteractionResult> {
  let app: Awaited<ReturnType<typeof startBuiltApp>> | undefined;
  let browser: Browser | undefined;
  try {
    app = await startBuiltApp("dialogs", await findFreePort());
    browser = await chromium.launch(playwrightConfig.use?.launchOptions);
    const { context, page } = await openBenchPage(browser, app.baseURL, { width: 1280, height: 900 });
    await openSeededBoard(page, "Dialogs");
    const cpu = await measurePhoneSlowdown(page);
    await addReferenceButton(page);
    const readInteractions = await recordInteractions(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu.slowdown });
    // The page's first interaction under the slowdown pays for warming up, not for anything it does.
    await page.locator("#bench-reference").click();
    const windows: Record<string, { from: number; to: number }[]> = {};
    try {
      for (let run = 0; run < RUNS; run++) {
        for (const [name, step] of Object.entries(steps)) {
          (windows[name] ??= []).push(await step(page, run));
          await settled(page);
        }
      }
    } finally {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    }
    const interactions = await readInteractions();
    const figures: Record<string, number[]> = {};
    for (const [name, runs] of Object.entries(windows)) {
      figures[name] = runs.map(({ from, to }) => {
        const inside = [...interactions.values()].filter((each) => each.start >= from && each.start <= to);
        return inside.length === 0 ? 0 : Math.max(...inside.map((each) => each.duration));
      });
    }
    // This machine's own cost of presenting a frame beyond a phone's, from the same run: the reference's median.
    const overPhoneMs = Math.max(0, percentile(figures[REFERENCE]!, 50) - PHONE_FRAME_MS);
    const adjusted: Record<string, number[]> = {};
    const checks: DialogCheck[] = [];
    const note = `Event Timing less ${overPhoneMs} ms, the reference's median over ${PHONE_FRAME_MS} ms; ${RUNS} runs, ${describeCpu(cpu)}`;
    for (const [name, runs] of Object.entries(figures)) {
      if (name === REFERENCE) continue;
      const fair = (adjusted[name] = runs.map((ms) => Math.max(0, ms - overPhoneMs)));
      const p75 = percentile(fair, 75);
      const max = Math.max(...fair);
      checks.push(
        {
          name: `${name}: interaction p75 (${note})`,
          value: `${p75} ms`,
          budget: `<= ${DIALOG_BUDGETS.p75Ms} ms`,
          pass: p75 <= DIALOG_BUDGETS.p75Ms,
        },
        {
          name: `${name}: interaction max (${note})`,
          value: `${max} ms`,
          budget: `<= ${DIALOG_BUDGETS.maxMs} ms`,
          pass: max <= DIALOG_BUDGETS.maxMs,
        },
      );
    }
    return { figures, adjusted, checks, cpu };
  } finally {
    await browser?.close();
    await app?.stop();
  }
}

export function printDialogInteraction(result: DialogInteractionResult): void {
  console.log(`Dialogs and palette (${TASK_COUNT} tasks, Chromium, ${describeCpu(result.cpu)})`);
  for (const [name, runs] of Object.entries(result.figures)) {
    const fair = result.adjusted[name];
    console.log(
      `  ${name}: ${runs.map((ms) => (ms === 0 ? "<16" : ms.toFixed(0))).join(", ")} ms${fair ? ` (adjusted ${fair.join(", ")})` : ""}`,
    );
  }
  for (const check of result.checks)
    console.log(`  ${check.pass ? "PASS" : "FAIL"}  ${check.name}: ${check.value} (budget ${check.budget})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  measureDialogInteraction()
    .then(printDialogInteraction)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
