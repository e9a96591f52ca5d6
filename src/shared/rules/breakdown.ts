// Goal breakdown rules (spec sections 4 "Goal breakdown", 5 "Breakdown dialog" and 9 "Breakdown"),
// shared by the server (reading a model's text reply) and the dialog (reading the answer's content).
import { ESTIMATED_DURATION_MAX_MINUTES, ESTIMATED_DURATION_MIN_MINUTES, NEW_TASK_ESTIMATE_MINUTES } from "../api/task-limits.ts";
import { addDays } from "./dates.ts";

export const SUGGESTION_PRIORITIES = ["high", "medium", "low"] as const;
export type SuggestionPriority = (typeof SUGGESTION_PRIORITIES)[number];

/** A suggestion the model gave no usable priority for. */
export const SUGGESTION_DEFAULT_PRIORITY: SuggestionPriority = "medium";

export const SUGGESTION_MIN_MINUTES = ESTIMATED_DURATION_MIN_MINUTES;
export const SUGGESTION_MAX_MINUTES = ESTIMATED_DURATION_MAX_MINUTES;
export const SUGGESTIONS_MIN = 3;
export const SUGGESTIONS_MAX = 10;
export const SUGGESTION_TITLE_MAX_LENGTH = 200;
export const SUGGESTION_DESCRIPTION_MAX_LENGTH = 5000;
/** Schedule choices: unscheduled, or today and the next 6 days. */
export const SCHEDULE_DAYS = 7;

export interface Suggestion {
  title: string;
  description: string;
  /** Minutes, 5..480. */
  estimatedDuration: number;
  priority: SuggestionPriority;
}

/** Spec section 4: shown when the reply cannot be read as a list of tasks. */
export const PLACEHOLDER_TITLE = "AI Response (manual parsing needed)";
export const PLACEHOLDER_MINUTES = 60;

/**
 * A typed duration (spec section 5): whole minutes, at least 5 (lower or not a number becomes 5),
 * at most 480.
 */
export function clampDuration(value: unknown): number {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return SUGGESTION_MIN_MINUTES;
  return Math.min(SUGGESTION_MAX_MINUTES, Math.max(SUGGESTION_MIN_MINUTES, Math.round(number)));
}

/**
 * 'Distribute Across Days' (spec section 9): by priority and by the suggestion's place in the
 * list, high on day 0 or 1, medium on days 1 to 3, low on days 2 to 5 (day 0 = today).
 */
export function distributionDayOffset(priority: SuggestionPriority, index: number): number {
  if (priority === "high") return index % 2;
  if (priority === "medium") return 1 + (index % 3);
  return 2 + (index % 4);
}

export function distributionDate(priority: SuggestionPriority, index: number, today: string): string {
  return addDays(today, distributionDayOffset(priority, index));
}

/** Today and the next 6 days. */
export function scheduleDays(today: string): string[] {
  return Array.from({ length: SCHEDULE_DAYS }, (_, offset) => addDays(today, offset));
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * A suggestion's description as a task can store it: no NUL characters (PostgreSQL refuses them),
 * trimmed, at most SUGGESTION_DESCRIPTION_MAX_LENGTH (the task's own limit). Also the placeholder's,
 * which holds a reply with no list: a long reply would otherwise make its task impossible to create.
 */
export function suggestionDescription(text: string): string {
  return clip(text.replaceAll("\u0000", "").trim(), SUGGESTION_DESCRIPTION_MAX_LENGTH);
}

function toSuggestion(item: unknown): Suggestion | null {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return null;
  const record = item as Record<string, unknown>;
  const title = typeof record.title === "string" ? record.title.replaceAll("\u0000", "").trim() : "";
  if (title === "") return null;
  const description = typeof record.description === "string" ? suggestionDescription(record.description) : "";
  const rawDuration = record.estimatedDuration ?? record.duration ?? record.estimatedMinutes;
  const hasDuration = (typeof rawDuration === "number" || typeof rawDuration === "string") && Number.isFinite(Number(rawDuration));
  const priority = typeof record.priority === "string" ? record.priority.trim().toLowerCase() : "";
  return {
    title: clip(title, SUGGESTION_TITLE_MAX_LENGTH),
    description,
    estimatedDuration: hasDuration ? clampDuration(rawDuration) : NEW_TASK_ESTIMATE_MINUTES,
    priority: (SUGGESTION_PRIORITIES as readonly string[]).includes(priority)
      ? (priority as SuggestionPriority)
      : SUGGESTION_DEFAULT_PRIORITY,
  };
}

/**
 * A parsed JSON value as a list of suggestions (a list, or an object holding one: { tasks: [...] }),
 * or null when it holds none.
 */
export function readSuggestions(value: unknown): Suggestion[] | null {
  let list: unknown[] | undefined;
  if (Array.isArray(value)) list = value;
  else if (value !== null && typeof value === "object") list = Object.values(value).find(Array.isArray);
  if (!list) return null;
  const suggestions = list.map(toSuggestion).filter((suggestion): suggestion is Suggestion => suggestion !== null);
  return suggestions.length > 0 ? suggestions.slice(0, SUGGESTIONS_MAX) : null;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The suggestions in a model's text, or null when there are none to read: the whole text as JSON,
 * else a fenced block (```json ... ```), else the outermost [...] or {...} in the prose. Items
 * without a title are left out; durations are clamped to 5..480 (30 when missing), an unknown
 * priority is medium, and at most 10 are kept.
 */
export function parseSuggestions(text: string): Suggestion[] | null {
  const candidates = [text.trim()];
  for (const match of text.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)) candidates.push(match[1]!.trim());
  const firstBracket = text.indexOf("[");
  const lastBracket = text.lastIndexOf("]");
  if (firstBracket !== -1 && lastBracket > firstBracket) candidates.push(text.slice(firstBracket, lastBracket + 1));
  const firstBrace = text.indexOf("{");
  const lastBrace = text.lastIndexOf("}");
  if (firstBrace !== -1 && lastBrace > firstBrace) candidates.push(text.slice(firstBrace, lastBrace + 1));
  for (const candidate of candidates) {
    if (candidate === "") continue;
    const suggestions = readSuggestions(tryParse(candidate));
    if (suggestions) return suggestions;
  }
  return null;
}
