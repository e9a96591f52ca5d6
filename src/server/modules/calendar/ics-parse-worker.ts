// Calendars parsed in a worker thread (ics-parse-off-thread.ts), one at a time: its memory and time are bounded by
// the thread, which is ended when over, so no calendar can stall or exhaust the server.
import { parentPort } from "node:worker_threads";
import { CalendarFetchError } from "./calendar-fetch.ts";
import { type ParseWindow, parseIcs } from "./ics-parse.ts";

parentPort!.on("message", async ({ text, window }: { text: string; window: ParseWindow }) => {
  try {
    parentPort!.postMessage({ ok: true, parsed: await parseIcs(text, window) });
  } catch (error) {
    const refusal = error instanceof CalendarFetchError;
    parentPort!.postMessage({ ok: false, refusal, message: error instanceof Error ? error.message : String(error) });
  }
});
