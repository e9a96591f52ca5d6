import {
  CHECKLIST_ITEM_TITLE_MAX_LENGTH,
  CHECKLIST_MAX_ITEMS,
  ESTIMATED_DURATION_MAX_MINUTES,
  ESTIMATED_DURATION_MIN_MINUTES,
  NEW_TASK_ESTIMATE_MINUTES,
} from "../api/task-limits.ts";
import { addDays } from "./dates.ts";

export const SUGGESTION_PRIORITIES = ["high", "medium", "low"] as const;
export type SuggestionPriority = (typeof SUGGESTION_PRIORITIES)[number];

export const SUGGESTION_DEFAULT_PRIORITY: SuggestionPriority = "medium";

export const SUGGESTION_MIN_MINUTES = ESTIMATED_DURATION_MIN_MINUTES;
export const SUGGESTION_MAX_MINUTES = ESTIMATED_DURATION_MAX_MINUTES;
export const SUGGESTIONS_MIN = 3;
export const SUGGESTIONS_MAX = 10;
export const SUGGESTION_TITLE_MAX_LENGTH = 200;
export const SUGGESTION_DESCRIPTION_MAX_LENGTH = 5000;
export const SCHEDULE_DAYS = 7;

export interface Suggestion {
  title: string;
  description: string;
  estimatedDuration: number;
  priority: SuggestionPriority;
  /** The task's checklist to be; absent when the model gave none. */
  steps?: string[];
}

export const PLACEHOLDER_TITLE = "AI Response (manual parsing needed)";
export const PLACEHOLDER_MINUTES = 60;

export function clampDuration(value: unknown): number {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return SUGGESTION_MIN_MINUTES;
  return Math.min(SUGGESTION_MAX_MINUTES, Math.max(SUGGESTION_MIN_MINUTES, Math.round(number)));
}

export function distributionDayOffset(priority: SuggestionPriority, index: number): number {
  if (priority === "high") return index % 2;
  if (priority === "medium") return 1 + (index % 3);
  return 2 + (index % 4);
}

export function distributionDate(priority: SuggestionPriority, index: number, today: string): string {
  return addDays(today, distributionDayOffset(priority, index));
}

export function scheduleDays(today: string): string[] {
  return Array.from({ length: SCHEDULE_DAYS }, (_, offset) => addDays(today, offset));
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** No NUL (PostgreSQL refuses it) and clipped to the task's limit, so that any suggestion, the placeholder too, can become a task. */
export function suggestionDescription(text: string): string {
  return clip(text.replaceAll("\u0000", "").trim(), SUGGESTION_DESCRIPTION_MAX_LENGTH);
}

/** Titles a checklist can hold: text without NUL, trimmed, not empty, clipped, at most the checklist's number. */
function toSteps(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const titles = value.flatMap((step) => (typeof step === "string" ? [step.replaceAll("\u0000", "").trim()] : []));
  return titles
    .filter((title) => title !== "")
    .slice(0, CHECKLIST_MAX_ITEMS)
    .map((title) => clip(title, CHECKLIST_ITEM_TITLE_MAX_LENGTH));
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
  const steps = toSteps(record.steps);
  return {
    title: clip(title, SUGGESTION_TITLE_MAX_LENGTH),
    description,
    estimatedDuration: hasDuration ? clampDuration(rawDuration) : NEW_TASK_ESTIMATE_MINUTES,
    priority: (SUGGESTION_PRIORITIES as readonly string[]).includes(priority)
      ? (priority as SuggestionPriority)
      : SUGGESTION_DEFAULT_PRIORITY,
    ...(steps.length > 0 ? { steps } : {}),
  };
}

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
