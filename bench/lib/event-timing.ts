// The browser's INP measure for the interaction benches: Event Timing entries of 16 ms and more, grouped by
// interactionId, an interaction's figure being its longest event.
import type { Page } from "@playwright/test";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { REFERENCE_HOST_INDEX } from "../lighthouse.ts";

/** A phone's CPU as Lighthouse's mobile runs have it: 4x this machine at the reference host index, scaled by the index now. */
export async function phoneCpuSlowdown(page: Page): Promise<{ rate: number; hostIndex: number }> {
  const hostIndex = Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  return { rate: Math.max(1, (4 * hostIndex) / REFERENCE_HOST_INDEX), hostIndex };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Starts recording the page's interactions; the answer reads them, each with its start and longest event. */
export async function recordInteractions(page: Page): Promise<() => Promise<Map<number, { start: number; duration: number }>>> {
  await page.evaluate(() => {
    const seen: { id: number; start: number; duration: number }[] = [];
    (globalThis as { benchEvents?: typeof seen }).benchEvents = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
        if (entry.interactionId > 0) seen.push({ id: entry.interactionId, start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  return async () => {
    const entries = await page.evaluate(
      () => (globalThis as { benchEvents?: { id: number; start: number; duration: number }[] }).benchEvents ?? [],
    );
    const interactions = new Map<number, { start: number; duration: number }>();
    for (const entry of entries) {
      const known = interactions.get(entry.id);
      interactions.set(entry.id, {
        start: Math.min(known?.start ?? entry.start, entry.start),
        duration: Math.max(known?.duration ?? 0, entry.duration),
      });
    }
    return interactions;
  };
}
