// The browser's INP measure for the interaction benches: Event Timing entries of 16 ms and more, grouped by
// interactionId, an interaction's figure being its longest event.
import type { Page } from "@playwright/test";

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
