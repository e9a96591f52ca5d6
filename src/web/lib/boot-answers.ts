// Each is used once, only while the page is young and until it writes anything (decision 013).
import { DATA_VERSION_HEADER } from "../../shared/api/live-events.ts";
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

export function hasBootAnswer(path: string): boolean {
  answers ??= readAnswers();
  return answers.has(path) && performance.now() <= BOOT_ANSWERS_MAX_AGE_MS;
}

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
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (answer.version !== undefined) headers[DATA_VERSION_HEADER] = String(answer.version);
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}

/** A write may change what unused answers describe, so a later navigation must not take them. */
export function dropBootAnswers(): void {
  answers ??= readAnswers();
  answers.clear();
}
