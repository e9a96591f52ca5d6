// WAL checkpoints of the SQLite file, run by a worker thread with its own connection. better-sqlite3
// is synchronous: left to SQLite's automatic checkpoint, the commit that crosses 1,000 WAL pages
// copies them into the database file (and syncs it) on the event loop, stalling every request in
// flight for milliseconds (measured: refresh p99 2.3 ms, worst 7.5 ms, against a 77 µs median).
// A PASSIVE checkpoint runs beside readers and writers in WAL mode, so the worker does them
// every CHECKPOINT_INTERVAL_MS; the app's connection keeps an automatic checkpoint only as a
// backstop, far above what the worker lets the WAL reach.
//
// Catching up. SQLite starts the WAL over (writes from its beginning again) only when a write
// transaction begins while every frame has been copied. Under steady writes the worker never
// catches up (the app commits while it copies), so the WAL grew until the backstop: the app's own
// commit then checkpointed on the event loop (copy and two fsyncs), stalling every request in
// flight, about every 10,000 pages (measured: 10 tasks a request write ~50 pages, so every ~200
// requests). Copying every frame is not enough either: a transaction in flight when the copy ends
// commits more, and the WAL goes on growing. So the worker repeats its pass while each one still
// copies many pages (each leaves only what was committed during it), and when the WAL then holds
// CATCH_UP_FRAMES or more, it asks for the app's connection to be idle (the app holds the connection's
// queue: queries wait, the event loop does not) and checkpoints what the app wrote meanwhile,
// usually a few ms; the next write then starts the WAL over. Nothing about durability changes:
// the same PASSIVE checkpoint, with the same syncs.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

const CHECKPOINT_INTERVAL_MS = 100;
/** The interval after a tick that needed a catch-up (below): the bench's ten-task batches write ~25,000 pages a second. */
const BUSY_CHECKPOINT_INTERVAL_MS = 25;
/** A WAL at least this long (4 KB pages) after a checkpoint is caught up with the app's connection idle, so that it starts over. */
const CATCH_UP_FRAMES = 1_000;
/** Passes after a tick's first, while each still copies more than SHORT_CATCH_UP_FRAMES pages. */
const EXTRA_PASSES = 4;
const SHORT_CATCH_UP_FRAMES = 100;
/** The app's connection is never held longer than this for a catch-up (a slow disk): the checkpoint goes on beside it. */
const CATCH_UP_TIMEOUT_MS = 250;
/** The app connection's own automatic checkpoint, in pages (4 KB each): only if the worker stops. */
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
  // Each pass leaves what the app committed while it copied; under steady writes a few more passes
  // shrink that to a handful of pages, so that the catch-up (the app's connection held) is short.
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
// While the app writes fast enough to need catch-ups, the next tick comes sooner.
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

/** Runs `work` while the app's connection runs nothing else (its queries wait for `work` to settle). */
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
