import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { startScheduler } from "./scheduler.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it("runs at once, then every interval, never two runs at once, and stop waits for the run in flight", async () => {
  const finishers: Array<() => void> = [];
  const run = vi.fn(() => new Promise<void>((resolve) => finishers.push(resolve)));
  const scheduler = startScheduler({ intervalMs: 1_000, run, onError: () => {} });
  expect(run).toHaveBeenCalledTimes(1); // the catch-up at start

  await vi.advanceTimersByTimeAsync(3_000);
  expect(run).toHaveBeenCalledTimes(1); // still running: the ticks in between are skipped
  finishers.shift()!();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(run).toHaveBeenCalledTimes(2);

  let isStopped = false;
  const stopping = scheduler.stop().then(() => (isStopped = true));
  await vi.advanceTimersByTimeAsync(0);
  expect(isStopped).toBe(false);
  finishers.shift()!();
  await stopping;
  await vi.advanceTimersByTimeAsync(5_000);
  expect(run).toHaveBeenCalledTimes(2);
});

it("reports a failed run and keeps going", async () => {
  const errors: unknown[] = [];
  const run = vi.fn().mockRejectedValueOnce(new Error("database away")).mockResolvedValue(undefined);
  const scheduler = startScheduler({ intervalMs: 1_000, run, onError: (error) => errors.push(error) });
  await vi.advanceTimersByTimeAsync(1_000);
  expect(errors).toEqual([new Error("database away")]);
  expect(run).toHaveBeenCalledTimes(2);
  await scheduler.stop();
});
