// The answers the server put in the page's HTML for its first calls (decision 013). Each is used
// once, by the first GET of its path, only while the page is young, and only until the page writes
// anything; every later call asks the network as before.
import { BOOT_ANSWERS_ELEMENT_ID, BOOT_ANSWERS_MAX_AGE_MS, type BootAnswer } from "../../shared/boot-answers.ts";

let answers: Map<string, BootAnswer> | undefined;

function readAnswers(): Map<string, BootAnswer> {
  const element = document.getElementById(BOOT_ANSWERS_ELEMENT_ID);
  if (!element) return new Map();
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent || "{}");
    if (parsed === null || typeof parsed !== "object") return new Map();
    return new Map(Object.entries(parsed as Record<string, BootAnswer>));
  } catch (error) {
    console.warn("Could not read the page's boot answers", error);
    return new Map();
  }
}

/** Whether the HTML still holds an unused answer to `GET path` (without taking it). */
export function hasBootAnswer(path: string): boolean {
  answers ??= readAnswers();
  return answers.has(path) && performance.now() <= BOOT_ANSWERS_MAX_AGE_MS;
}

/** The server's answer to `GET path` from the HTML, once; undefined when there is none (any more). */
export function takeBootAnswer(path: string): Response | undefined {
  answers ??= readAnswers();
  if (answers.size === 0) return undefined;
  if (performance.now() > BOOT_ANSWERS_MAX_AGE_MS) {
    answers.clear();
    return undefined;
  }
  const answer = answers.get(path);
  if (!answer) return undefined;
  answers.delete(path);
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "Content-Type": "application/json" } });
}

/**
 * Forgets every answer not used yet: called before any write (api-client.ts), which may change what
 * they describe. An answer the first render did not use could otherwise be taken later, by a
 * navigation: a new user's first page holds the day the server thought was today (its zone not yet
 * saved), and the board's previous day, opened after the zone was saved or a task was added to that
 * day, would have shown the page's old answer.
 */
export function dropBootAnswers(): void {
  answers ??= readAnswers();
  answers.clear();
}
