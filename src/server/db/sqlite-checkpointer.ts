// A worker thread with its own connection checkpoints the WAL: better-sqlite3 is synchronous, so SQLite's own
// checkpoint would stall the event loop. Passes and catch-ups: docs/decisions/005-hot-reads.md.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

const CHECKPOINT_INTERVAL_MS = 100;
const BUSY_CHECKPOINT_INTERVAL_MS = 25;
const CATCH_UP_FRAMES = 1_000;
const EXTRA_PASSES = 4;
const SHORT_CATCH_UP_FRAMES = 100;
const CATCH_UP_TIMEOUT_MS = 250;
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;

// Plain CommonJS evaluated in the worker, so the same code runs under tsx, Vitest and the build.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 0");
const passive = () => {
  try {
    return db.pragma("wal_checkpoint(PASSIVE)")[0];
  } catch (error) {
    // SQLITE_BUSY: another checkpoint is running; the next tick tries again.
    if (error.code !== "SQLITE_BUSY") parentPort.postMessage({ error: String(error) });
    return undefined;
  }
};
let lastLog = 0;
const checkpoint = () => {
  let result = passive();
  // Extra passes shrink what the app committed meanwhile, so the catch-up (the app's connection held) is short.
  for (let pass = 0; result && pass < workerData.extraPasses; pass++) {
    const copiedBefore = result.checkpointed;
    result = passive();
    if (!result || result.checkpointed - copiedBefore <= workerData.shortCatchUpFrames) break;
  }
  if (!result) return;
  // A WAL the app has not written to since the last catch-up starts over on its next write anyway.
  const grew = result.log !== lastLog;
  lastLog = result.log;
  if (grew && result.busy === 0 && result.log >= workerData.catchUpFrames) {
    parentPort.postMessage({ catchUp: true });
    return true;
  }
  return false;
};
let timer;
const tick = () => {
  timer = setTimeout(tick, checkpoint() ? workerData.busyIntervalMs : workerData.intervalMs);
};
timer = setTimeout(tick, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message === "catch-up") {
    passive();
    parentPort.postMessage({ caughtUp: true });
    return;
  }
  if (message !== "stop") return;
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export type WhileConnectionIdle = (work: () => Promise<void>) => Promise<void>;

export function startCheckpointer(file: string, onError: (error: Error) => void, whileConnectionIdle?: WhileConnectionIdle): Checkpointer {
  const driverPath = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: {
      file,
      driverPath,
      intervalMs: CHECKPOINT_INTERVAL_MS,
      busyIntervalMs: BUSY_CHECKPOINT_INTERVAL_MS,
      catchUpFrames: CATCH_UP_FRAMES,
      extraPasses: EXTRA_PASSES,
      shortCatchUpFrames: SHORT_CATCH_UP_FRAMES,
    },
  });
  worker.unref();
  let catchingUp = false;
  let caughtUp: (() => void) | undefined;
  const catchUp = () =>
    new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, CATCH_UP_TIMEOUT_MS);
      caughtUp = () => {
        clearTimeout(timeout);
        resolve();
      };
      worker.postMessage("catch-up");
    });
  worker.on("message", (message: { error?: string; catchUp?: boolean; caughtUp?: boolean }) => {
    if (message.error) onError(new Error(`WAL checkpoint failed: ${message.error}`));
    if (message.caughtUp) caughtUp?.();
    if (message.catchUp && whileConnectionIdle && !catchingUp) {
      catchingUp = true;
      whileConnectionIdle(catchUp)
        .catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))))
        .finally(() => {
          catchingUp = false;
          caughtUp = undefined;
        });
    }
  });
  worker.on("error", onError);
  const exited = new Promise<void>((resolve) =>
    worker.once("exit", () => {
      caughtUp?.();
      resolve();
    }),
  );
  return {
    async stop() {
      worker.postMessage("stop");
      await exited;
    },
  };
}
