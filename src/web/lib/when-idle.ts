import { startTransition, useEffect, useState } from "react";

const JOB_WAIT_LIMIT_MS = 10_000;

interface IdleJob {
  run: () => unknown;
  timeoutMs: number;
  isCancelled: boolean;
}

const jobs: IdleJob[] = [];
let isRunning = false;
let isHeld = false;

/** main.tsx holds it until the first screen is painted: an idle moment while it waits for a chunk would start later code in its way. */
export function holdIdleWork(): () => void {
  isHeld = true;
  return () => {
    if (!isHeld) return;
    isHeld = false;
    if (!isRunning) runNextJob();
  };
}

function requestIdle(callback: () => void, timeoutMs: number): void {
  // The global functions, not window's: a test's page can be gone when a job queued in it comes up.
  if (typeof globalThis.requestIdleCallback === "function") requestIdleCallback(callback, { timeout: timeoutMs });
  else setTimeout(callback, 200);
}

function runNextJob(): void {
  const job = isHeld ? undefined : jobs.shift();
  if (!job) {
    isRunning = false;
    return;
  }
  isRunning = true;
  if (job.isCancelled) {
    runNextJob();
    return;
  }
  requestIdle(() => {
    let result: unknown;
    if (!job.isCancelled) {
      startTransition(() => {
        try {
          result = job.run();
        } catch (error) {
          console.warn("Idle work failed", error);
        }
      });
    }
    const settled = Promise.resolve(result).catch(() => undefined);
    const limit = new Promise((resolve) => setTimeout(resolve, JOB_WAIT_LIMIT_MS));
    void Promise.race([settled, limit]).then(runNextJob);
  }, job.timeoutMs);
}

// One job at a time, each in its own idle period once the one before settled: all at once would make
// one long stretch a phone cannot answer a tap during (decision 013).
export function whenIdle(idleCallback: () => unknown, timeoutMs = 2_000): () => void {
  const job: IdleJob = { run: idleCallback, timeoutMs, isCancelled: false };
  const enqueue = () => {
    jobs.push(job);
    if (!isRunning) runNextJob();
  };
  if (document.readyState === "complete") {
    enqueue();
    return () => {
      job.isCancelled = true;
    };
  }
  window.addEventListener("load", enqueue, { once: true });
  return () => {
    job.isCancelled = true;
    window.removeEventListener("load", enqueue);
  };
}

/** Code that loads during the first render competes with that render on a slow phone. */
export function useIsIdle(preload?: () => Promise<unknown>, timeoutMs?: number): boolean {
  const [isIdle, setIsIdle] = useState(false);
  const [load] = useState(() => preload);
  useEffect(() => {
    let cancel = () => undefined as void;
    const attempt = () => {
      cancel = whenIdle(async () => {
        try {
          await load?.();
        } catch {
          // Offline before the code came: rendering it would throw, so it waits for the network.
          window.addEventListener("online", attempt, { once: true });
          return;
        }
        startTransition(() => setIsIdle(true));
      }, timeoutMs);
    };
    attempt();
    return () => {
      cancel();
      window.removeEventListener("online", attempt);
    };
  }, [load, timeoutMs]);
  return isIdle;
}
