// A phone-class CPU on any machine: Lighthouse's mobile 4x slowdown is meant for a desktop whose benchmark
// index is REFERENCE_HOST_INDEX (the machine the budgets were set on, 2026-11-28; a simulated phone of about
// 950, DevTools' mid-tier phone is 1,000), so the slowdown follows the index measured just before a run, as
// Lighthouse's throttling guide does: a slower or busier moment is the same phone, not a slower one.
import type { Page } from "@playwright/test";
import { throttling } from "lighthouse/core/config/constants.js";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";

export const REFERENCE_HOST_INDEX = 3_800;
const LIGHTHOUSE_MOBILE_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;

/** Lighthouse's benchmark index of this machine now, measured in the page (higher is faster). */
export async function hostIndex(page: Page): Promise<number> {
  return Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
}

export function phoneSlowdown(index: number): number {
  return Math.max(1, (LIGHTHOUSE_MOBILE_SLOWDOWN * index) / REFERENCE_HOST_INDEX);
}

/** The median of three indexes, the one-off busy moment aside, and the slowdown it gives. */
export async function measurePhoneSlowdown(page: Page): Promise<{ index: number; slowdown: number }> {
  const indexes = [await hostIndex(page), await hostIndex(page), await hostIndex(page)].sort((a, b) => a - b);
  const index = indexes[1]!;
  return { index, slowdown: phoneSlowdown(index) };
}
