// WAL checkpoints of the SQLite file, run by a worker thread with its own connection. better-sqlite3
// is synchronous: left to SQLite's automatic checkpoint, the commit that crosses 1,000 WAL pages
// copies them into the database file (and syncs it) on the event loop, stalling every request in
// flight for milliseconds (measured: refresh p99 2.3 ms, worst 7.5 ms, against a 77 µs median).
// A PASSIVE checkpoint runs beside readers and writers in WAL mode, so the worker does them
// every CHECKPOINT_INTERVAL_MS; the app's connection keeps an automatic checkpoint only as a
// backstop, far above what the worker lets the WAL reach.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

const CHECKPOINT_INTERVAL_MS = 200;
/** The app connection's own automatic checkpoint, in pages (4 KB each): only if the worker stops. */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;

// Plain CommonJS evaluated in the worker, so the same code runs under tsx, Vitest and the build.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 0");
const checkpoint = () => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    // SQLITE_BUSY: another checkpoint is running; the next tick tries again.
    if (error.code !== "SQLITE_BUSY") parentPort.postMessage({ error: String(error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, onError: (error: Error) => void): Checkpointer {
  const driverPath = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { file, driverPath, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  worker.on("message", (message: { error?: string }) => {
    if (message.error) onError(new Error(`WAL checkpoint failed: ${message.error}`));
  });
  worker.on("error", onError);
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    async stop() {
      worker.postMessage("stop");
      await exited;
    },
  };
}
