// A phone-class CPU on any machine. Lighthouse's benchmark index (`hostIndex`) still scales Lighthouse's own
// runs and the board's script time; the interaction benches calibrate on rendering work instead: on one idle
// machine the index swung from 1,470 to 3,190 within a minute while the same DOM work stayed within 15%,
// and two machines whose indexes differed 1.9x gave the same interaction figures at the same slowdown
// (decision 070).
import type { Page } from "@playwright/test";
import { throttling } from "lighthouse/core/config/constants.js";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { percentile } from "./event-timing.ts";

export const REFERENCE_HOST_INDEX = 3_800;
const LIGHTHOUSE_MOBILE_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;
/** The median of `renderWork` on the machine whose 4x reproduced issue 56's own 4x figures (2026-12-06). */
const REFERENCE_RENDER_WORK_MS = 60;

/** Lighthouse's benchmark index of this machine now, measured in the page (higher is faster). */
export async function hostIndex(page: Page): Promise<number> {
  return Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
}

const CLASS_COUNT = 300;
const STYLESHEET = Array.from(
  { length: CLASS_COUNT },
  (_, i) =>
    `.c${i}{padding:${i % 7}px ${i % 5}px;margin:${i % 3}px;border:1px solid rgb(${i % 255},0,0);` +
    `font:${12 + (i % 4)}px sans-serif;display:${i % 2 ? "flex" : "block"};gap:${i % 6}px}.alt .c${i}>span{color:rgb(0,${i % 255},0)}`,
).join("\n");

/** What an interaction's main thread does, fixed for good: build 1,500 cards through the DOM, style, lay out, restyle, relayout. */
function renderWork(classCount: number): number {
  const start = performance.now();
  const root = document.createElement("div");
  for (let i = 0; i < 1500; i++) {
    const card = document.createElement("div");
    card.className = `c${i % classCount}`;
    const span = document.createElement("span");
    span.textContent = `Task number ${i} with a title`;
    const button = document.createElement("button");
    button.setAttribute("aria-label", `Edit ${i}`);
    button.textContent = "Edit";
    card.append(span, button);
    root.append(card);
  }
  document.body.append(root);
  void root.offsetHeight;
  root.classList.add("alt");
  void root.offsetHeight;
  root.style.width = "600px";
  void root.offsetHeight;
  root.remove();
  return performance.now() - start;
}

/** The median of nine runs of `renderWork` in a blank page beside `page`, after three to warm up. */
async function renderWorkMs(page: Page): Promise<number> {
  const blank = await page.context().newPage();
  try {
    await blank.setContent(`<!doctype html><style>${STYLESHEET}</style><body></body>`);
    const runs: number[] = [];
    for (let run = 0; run < 12; run++) runs.push(await blank.evaluate(renderWork, CLASS_COUNT));
    return percentile(runs.slice(3), 50);
  } finally {
    await blank.close();
  }
}

/** Lighthouse's mobile 4x, set at index 3,800, scaled by this machine's index now (decision 066). */
export function lighthouseSlowdown(index: number): number {
  return Math.max(1, (LIGHTHOUSE_MOBILE_SLOWDOWN * index) / REFERENCE_HOST_INDEX);
}

function phoneSlowdown(workMs: number): number {
  if (process.env.BENCH_CPU_SLOWDOWN) return Number(process.env.BENCH_CPU_SLOWDOWN);
  return Math.max(1, (LIGHTHOUSE_MOBILE_SLOWDOWN * REFERENCE_RENDER_WORK_MS) / workMs);
}

/** The slowdown that makes this machine, at this moment, the reference machine's phone (`BENCH_CPU_SLOWDOWN` fixes it). */
export async function measurePhoneSlowdown(page: Page): Promise<{ workMs: number; slowdown: number }> {
  const workMs = await renderWorkMs(page);
  return { workMs, slowdown: phoneSlowdown(workMs) };
}

/** How a check names the CPU it ran on. */
export function describeCpu(cpu: { workMs: number; slowdown: number }): string {
  return `CPU ${cpu.slowdown.toFixed(1)}x slower, render work ${cpu.workMs.toFixed(0)} ms against ${REFERENCE_RENDER_WORK_MS}`;
}
