// Where an open's time goes (issue 56, item 12), when bench/dialog-interaction.ts says how long but not why. A
// diagnosis, not a budget: on this machine Event Timing cannot tell a 15% change from the machine's own drift,
// while the main thread's parts of one open can be read off a trace.
//
//   npm run build && node --import tsx bench/dialog-trace.ts
//   TRACE_WHAT=palette (or close) TRACE_OPENS=8 BENCH_CPU_SLOWDOWN=4 TRACE_PROFILE=1 node --import tsx bench/dialog-trace.ts
//
// Per open: the click's (or Ctrl+K's) event dispatch on the page's main thread, split into style, layout (dirty
// and total layout objects) and the rest (script), and the time from the event to the end of the next paint.
// TRACE_PROFILE=1 adds the functions with the most self time per open, from a sampling profile taken apart
// (Playwright's click checks are among them; `npx vite build --minify false` first for the app's own names).
import { pathToFileURL } from "node:url";
import { type CDPSession, type Page, chromium } from "@playwright/test";
import playwrightConfig from "../playwright.config.ts";
import { BOARD_DRAG_INSTRUCTIONS_ID } from "../src/web/features/tasks/lib/board-drag-registry.ts";
import { TASK_COUNT, openSeededBoard } from "./dialog-interaction.ts";
import { holdOverInProgress } from "./lib/keyboard-drag.ts";
import { openBenchPage } from "./lib/bench-page.ts";
import { describeCpu, measurePhoneSlowdown } from "./lib/phone-cpu.ts";
import { findFreePort, startBuiltApp } from "./lib/processes.ts";

const OPENS = Number(process.env.TRACE_OPENS ?? 6);
// "close" traces the Escape that closes each Edit dialog; "drop" a keyboard drop of a card on In Progress.
const WHAT = (["palette", "close", "drop"] as const).find((what) => what === process.env.TRACE_WHAT) ?? "edit";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string }; beginData?: { dirtyObjects?: number; totalObjects?: number } };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** What comes before the traced step: a drop's card picked up and held over In Progress. */
async function prepare(page: Page, index: number): Promise<void> {
  if (WHAT !== "drop") return;
  const title = `Bench task ${TASK_COUNT - index}`;
  await page.locator(`#${BOARD_DRAG_INSTRUCTIONS_ID}`).waitFor({ state: "attached" });
  await page.getByRole("button", { name: `Move "${title}"`, exact: true }).focus();
  await holdOverInProgress(page, title);
}

async function open(page: Page, index: number): Promise<void> {
  if (WHAT === "drop") {
    await page.keyboard.press("Space");
    await page.locator(`section[data-column="inprogress"] button[aria-label='Edit "Bench task ${TASK_COUNT - index}"']`).waitFor();
  } else if (WHAT !== "palette") await page.locator(`button[aria-label='Edit "Bench task ${index + 1}"']`).click();
  else await page.keyboard.press("Control+k");
  if (WHAT !== "drop") await page.locator('[role="dialog"]').waitFor();
}

async function close(page: Page): Promise<void> {
  await page.waitForTimeout(400);
  await page.evaluate(() => performance.mark("trace-close"));
  if (WHAT === "drop") await page.waitForLoadState("networkidle");
  else {
    await page.keyboard.press("Escape");
    await page.locator('[role="dialog"]').waitFor({ state: "hidden" });
  }
  await page.waitForTimeout(400);
}

async function trace(cdp: CDPSession, page: Page): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", {
    traceConfig: { includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"] },
    transferMode: "ReportEvents",
  });
  for (let index = 0; index < OPENS; index++) {
    await prepare(page, index);
    await page.evaluate(() => performance.mark("trace-open"));
    await open(page, index);
    await close(page);
  }
  await cdp.send("Tracing.end");
  await complete;
  return events;
}

function summarise(events: TraceEvent[]): string[] {
  const mainThreads = new Set(
    events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const main = events.filter((e) => e.ph === "X" && mainThreads.has(`${e.pid}:${e.tid}`));
  const type = WHAT === "edit" ? "click" : "keydown";
  const marks = (name: string) => events.filter((e) => e.name === name).map((e) => e.ts);
  const [starts, ends] =
    WHAT === "close" ? [marks("trace-close"), marks("trace-open").slice(1)] : [marks("trace-open"), marks("trace-close")];
  // Each open (or close): the longest dispatch of its event between its mark and the next step's (Ctrl+K is two keydowns).
  const opens = starts.flatMap((from, index) => {
    const inside = main.filter(
      (e) => e.name === "EventDispatch" && e.args?.data?.type === type && e.ts >= from && e.ts < (ends[index] ?? Infinity),
    );
    return inside.length === 0 ? [] : [inside.reduce((a, b) => ((b.dur ?? 0) > (a.dur ?? 0) ? b : a))];
  });
  const ms = (us: number) => (us / 1000).toFixed(1);
  return opens.map((dispatch) => {
    const end = dispatch.ts + (dispatch.dur ?? 0);
    const within = main.filter((e) => e.ts >= dispatch.ts && e.ts + (e.dur ?? 0) <= end);
    const total = (name: string) => within.filter((e) => e.name === name).reduce((sum, e) => sum + (e.dur ?? 0), 0);
    const layouts = within
      .filter((e) => e.name === "Layout")
      .map((e) => `${e.args?.beginData?.dirtyObjects}/${e.args?.beginData?.totalObjects}`);
    const style = total("UpdateLayoutTree");
    const layout = total("Layout");
    const paint = main.find((e) => e.name === "Paint" && e.ts > end);
    const toPaint = paint ? ms(paint.ts + (paint.dur ?? 0) - dispatch.ts) : "?";
    return (
      `dispatch ${ms(dispatch.dur ?? 0)} ms: style ${ms(style)}, layout ${ms(layout)} (objects ${layouts.join(" ") || "none"}), ` +
      `script and the rest ${ms((dispatch.dur ?? 0) - style - layout)}; to the end of the next paint ${toPaint} ms`
    );
  });
}

async function profile(cdp: CDPSession, page: Page): Promise<string[]> {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  const selfMs = new Map<string, number>();
  for (let index = OPENS; index < 2 * OPENS; index++) {
    await prepare(page, index);
    await cdp.send("Profiler.start");
    await open(page, index);
    const { profile: taken } = await cdp.send("Profiler.stop");
    const nodes = new Map((taken.nodes as ProfileNode[]).map((node) => [node.id, node]));
    const deltas = taken.timeDeltas ?? [];
    (taken.samples ?? []).forEach((id, sample) => {
      const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
      const key = `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber}`;
      selfMs.set(key, (selfMs.get(key) ?? 0) + (deltas[sample + 1] ?? 0) / 1000);
    });
    await close(page);
  }
  return [...selfMs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([key, total]) => `${(total / OPENS).toFixed(1).padStart(6)} ms  ${key}`);
}

async function main(): Promise<void> {
  const app = await startBuiltApp("dialog-trace", await findFreePort());
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  try {
    const { context, page } = await openBenchPage(browser, app.baseURL, { width: 1280, height: 900 });
    await openSeededBoard(page, "Trace");
    const cpu = await measurePhoneSlowdown(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu.slowdown });
    console.log(
      `${{ edit: "Edit dialog", close: "Edit dialog's close", palette: "Palette", drop: "Keyboard drop" }[WHAT]}, ${OPENS} opens, ${describeCpu(cpu)}`,
    );
    for (const line of summarise(await trace(cdp, page))) console.log(`  ${line}`);
    if (process.env.TRACE_PROFILE) {
      console.log("Self time per open (the profile's own overhead included):");
      for (const line of await profile(cdp, page)) console.log(`  ${line}`);
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
