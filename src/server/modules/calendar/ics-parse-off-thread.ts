// Calendars are parsed off the main thread, a few at a time, each in a worker with its own heap limit and under a
// time limit: a calendar over either is refused with the reason, and its worker ended.
import { Worker } from "node:worker_threads";
import { CalendarFetchError } from "./calendar-fetch.ts";
import type { ParsedCalendar, ParseWindow } from "./ics-parse.ts";

const PARSE_TIMEOUT_MS = 10_000;
const PARSE_MEMORY_MB = 256;
/** Each parse takes a core while it runs: the others wait their turn. */
const PARSES_AT_ONCE = 2;
/** A worker that served a parse waits this long for the next one (starting one costs a few hundred ms). */
const IDLE_WORKER_MS = 30_000;

export interface ParseLimits {
  timeoutMs?: number;
  memoryMb?: number;
  /** Ends the wait and the parse early (the server closing). */
  signal?: AbortSignal;
}

// The built server runs the worker's .js; the sources (tsx, vitest) its .ts, through tsx's loader registered first.
const workerFile = new URL(`./ics-parse-worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url);

let running = 0;
const waiting: Array<() => void> = [];
const idle: Array<{ worker: Worker; timer: NodeJS.Timeout }> = [];

function startWorker(memoryMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: memoryMb } };
  const entry = JSON.stringify(workerFile.href);
  const worker = workerFile.pathname.endsWith(".ts")
    ? new Worker(`import("tsx/esm/api").then(({ register }) => { register(); return import(${entry}); });`, { ...options, eval: true })
    : new Worker(workerFile, options);
  // A parse listens for its own failure; an idle worker's must not become the process's uncaught error.
  worker.on("error", () => undefined);
  worker.on("exit", () => {
    const at = idle.findIndex((entry) => entry.worker === worker);
    if (at >= 0) clearTimeout(idle.splice(at, 1)[0]!.timer);
  });
  return worker;
}

/** Not the calendar's fault: a read refused for this is not counted as its failure. */
export class CalendarBusyError extends CalendarFetchError {}

const closing = () => new CalendarBusyError("Daywise is closing: the calendar is read after its restart");

async function takeTurn(timeoutMs: number, signal: AbortSignal | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (running >= PARSES_AT_ONCE) {
    const left = deadline - Date.now();
    if (signal?.aborted) throw closing();
    if (left <= 0) throw new CalendarBusyError("Daywise is busy reading other calendars: try again in a minute");
    await new Promise<void>((resolve) => {
      setTimeout(resolve, left).unref();
      signal?.addEventListener("abort", () => resolve(), { once: true });
      waiting.push(resolve);
    });
  }
  if (signal?.aborted) throw closing();
  running += 1;
}

/** Every waiter looks again: one whose wait timed out has left its wake-up behind. */
function endTurn(): void {
  running -= 1;
  for (const wake of waiting.splice(0)) wake();
}

function keepIdle(worker: Worker): void {
  worker.unref();
  const timer = setTimeout(() => void worker.terminate(), IDLE_WORKER_MS);
  timer.unref();
  idle.push({ worker, timer });
}

function idleWorker(): Worker | undefined {
  const entry = idle.pop();
  if (!entry) return undefined;
  clearTimeout(entry.timer);
  entry.worker.ref();
  return entry.worker;
}

type WorkerAnswer = { ok: true; parsed: ParsedCalendar } | { ok: false; refusal: boolean; message: string };

/** parseIcs in a worker: a CalendarFetchError for a calendar over a bound, over the memory or over the time. */
export async function parseIcsOffThread(text: string, window: ParseWindow, limits: ParseLimits = {}): Promise<ParsedCalendar> {
  const timeoutMs = limits.timeoutMs ?? PARSE_TIMEOUT_MS;
  const memoryMb = limits.memoryMb ?? PARSE_MEMORY_MB;
  const pooled = memoryMb === PARSE_MEMORY_MB;
  // Waiting for a turn is bounded like the parse itself.
  await takeTurn(timeoutMs, limits.signal);
  const worker = (pooled && idleWorker()) || startWorker(memoryMb);
  let reusable = false;
  let timer: NodeJS.Timeout | undefined;
  let onMessage = (_answer: WorkerAnswer) => {};
  let onError = (_error: Error & { code?: string }) => {};
  let onExit = (_code: number) => {};
  let onAbort = () => {};
  try {
    return await new Promise<ParsedCalendar>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new CalendarFetchError(`The calendar took longer than ${Math.ceil(timeoutMs / 1000)} seconds to read`)),
        timeoutMs,
      );
      onMessage = (answer) => {
        reusable = pooled;
        if (answer.ok) resolve(answer.parsed);
        else reject(answer.refusal ? new CalendarFetchError(answer.message) : new Error(answer.message));
      };
      // Counted as a failed read like any other, so that the scheduler backs off instead of trying again at once.
      onError = (error) =>
        reject(
          new CalendarFetchError(
            error.code === "ERR_WORKER_OUT_OF_MEMORY"
              ? `The calendar needs more than ${memoryMb} MB to read`
              : "The calendar could not be read",
          ),
        );
      onExit = () => reject(new CalendarFetchError("The calendar could not be read"));
      onAbort = () => reject(closing());
      limits.signal?.addEventListener("abort", onAbort, { once: true });
      worker.once("message", onMessage).once("error", onError).once("exit", onExit);
      worker.postMessage({ text, window });
    });
  } finally {
    clearTimeout(timer);
    worker.off("message", onMessage).off("error", onError).off("exit", onExit);
    limits.signal?.removeEventListener("abort", onAbort);
    if (reusable) keepIdle(worker);
    else await worker.terminate();
    endTurn();
  }
}
