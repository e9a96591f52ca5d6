import { startTransition, useEffect, useState } from "react";

/** Resolves in a later task: work after it is not part of the current (possibly long) task. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Longest wait for one job's promise before the next job may start (a load that hangs). */
const JOB_WAIT_LIMIT_MS = 10_000;

interface IdleJob {
  run: () => unknown;
  timeoutMs: number;
  isCancelled: boolean;
}

const jobs: IdleJob[] = [];
let isRunning = false;
let isHeld = false;

/**
 * Holds back the idle work queued from now on until the returned function is called: main.tsx holds
 * it until the first screen has been painted, since an idle moment while that screen is still being
 * prepared (waiting for a chunk) would start later code in its way.
 */
export function holdIdleWork(): () => void {
  isHeld = true;
  return () => {
    if (!isHeld) return;
    isHeld = false;
    if (!isRunning) runNextJob();
  };
}

function requestIdle(callback: () => void, timeoutMs: number): void {
  // The global functions, not window's: a test's page can be gone when a job queued in it comes up
  // (the suite's next file then saw "window is not defined").
  if (typeof globalThis.requestIdleCallback === "function") requestIdleCallback(callback, { timeout: timeoutMs });
  else setTimeout(callback, 200);
}

/** Runs the queued jobs one at a time, each in an idle period of its own once the last has settled. */
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

/**
 * Runs `idleCallback` once the page has loaded and the browser is then idle; returns a cancel
 * function. Code that a first paint does not need loads this way, so that on a slow phone it does
 * not compete with what the page shows. The callbacks of a page run one at a time, each in an idle
 * period of its own and only once the promise the one before returned has settled (its code is in):
 * loading everything at once made one long stretch of evaluating and rendering that a phone could
 * not answer a tap during (decision 013). `timeoutMs` bounds the wait for an idle period, once the
 * callback's turn has come. What the callback renders renders as a transition, in slices.
 */
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

/**
 * False until this component's turn of idle work (whenIdle) has come and `preload` (its later code)
 * has settled, then true (set as a transition). A component renders what a first paint does not
 * need only once this is true: code that starts loading during the first render competes with that
 * render on a slow phone, and code rendered before it has arrived suspends for a turn.
 */
export function useIsIdle(preload?: () => Promise<unknown>, timeoutMs?: number): boolean {
  const [isIdle, setIsIdle] = useState(false);
  const [load] = useState(() => preload);
  useEffect(
    () =>
      whenIdle(async () => {
        await load?.().catch(() => undefined);
        startTransition(() => setIsIdle(true));
      }, timeoutMs),
    [load, timeoutMs],
  );
  return isIdle;
}
