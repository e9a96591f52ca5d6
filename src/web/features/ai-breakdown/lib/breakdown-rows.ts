// The Break Down dialog's suggestions as the user edits them, and what they send (spec sections 4
// "Goal breakdown", 5 "Breakdown dialog" and 9 "Breakdown"). Pure, for the unit tests.
import type { BreakdownTaskInput } from "../../../../shared/api/ai-breakdown.ts";
import {
  distributionDate,
  parseSuggestions,
  PLACEHOLDER_MINUTES,
  PLACEHOLDER_TITLE,
  SUGGESTION_DEFAULT_PRIORITY,
  type SuggestionPriority,
  suggestionDescription,
} from "../../../../shared/rules/breakdown.ts";
import { type CapacityCheck, checkCapacity } from "../../../../shared/rules/capacity.ts";

export interface SuggestionRow {
  /** Stable within one answer (the list's index). */
  key: string;
  title: string;
  description: string;
  estimatedDuration: number;
  priority: SuggestionPriority;
  /** 'yyyy-MM-dd', or "" for unscheduled. */
  date: string;
  selected: boolean;
}

/**
 * The answer's suggestions, all selected and unscheduled; when the content holds no list, the one
 * placeholder: 'AI Response (manual parsing needed)', 60 minutes, medium, today, with the content
 * as its description (as much of it as a task can hold).
 */
export function rowsFromContent(content: string, today: string): SuggestionRow[] {
  const suggestions = parseSuggestions(content);
  if (!suggestions) {
    return [
      {
        key: "placeholder",
        title: PLACEHOLDER_TITLE,
        description: suggestionDescription(content),
        estimatedDuration: PLACEHOLDER_MINUTES,
        priority: SUGGESTION_DEFAULT_PRIORITY,
        date: today,
        selected: true,
      },
    ];
  }
  return suggestions.map((suggestion, index) => ({ ...suggestion, key: String(index), date: "", selected: true }));
}

/** 'Distribute Across Days': every suggestion gets its day by priority and place in the list. */
export function distributeRows(rows: readonly SuggestionRow[], today: string): SuggestionRow[] {
  return rows.map((row, index) => ({ ...row, date: distributionDate(row.priority, index, today) }));
}

/**
 * The capacity check when the chosen suggestions dated today are added to today's tasks; null when
 * none of them is for today or the day stays under 80%.
 */
export function todayCapacityWarning(
  todaysTasks: readonly { estimatedDuration: number | null }[],
  rows: readonly SuggestionRow[],
  today: string,
): CapacityCheck | null {
  const added = rows.filter((row) => row.selected && row.date === today);
  if (added.length === 0) return null;
  const check = checkCapacity([...todaysTasks.map((task) => task.estimatedDuration), ...added.map((row) => row.estimatedDuration)]);
  return check.level === "fine" ? null : check;
}

/** The chosen suggestions as tasks: description only when not blank, the date only when chosen. */
export function toBreakdownTasks(rows: readonly SuggestionRow[]): BreakdownTaskInput[] {
  return rows
    .filter((row) => row.selected)
    .map((row) => {
      const task: BreakdownTaskInput = { title: row.title, estimatedDuration: row.estimatedDuration };
      const description = row.description.trim();
      if (description !== "") task.description = description;
      if (row.date !== "") task.date = row.date;
      return task;
    });
}
