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
import { type CapacityCheck, dayCapacity } from "../../../../shared/rules/capacity.ts";

export interface SuggestionRow {
  key: string;
  title: string;
  description: string;
  estimatedDuration: number;
  priority: SuggestionPriority;
  /** The task's checklist to be. */
  steps: string[];
  date: string;
  selected: boolean;
}

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
        steps: [],
        date: today,
        selected: true,
      },
    ];
  }
  return suggestions.map((suggestion, index) => ({
    ...suggestion,
    steps: suggestion.steps ?? [],
    key: String(index),
    date: "",
    selected: true,
  }));
}

export function distributeRows(rows: readonly SuggestionRow[], today: string): SuggestionRow[] {
  return rows.map((row, index) => ({ ...row, date: distributionDate(row.priority, index, today) }));
}

export function todayCapacityWarning(
  todaysTasks: readonly { estimatedDuration: number | null }[],
  rows: readonly SuggestionRow[],
  today: string,
  meetingMinutes = 0,
  workday?: { workdayStart: string; workdayEnd: string },
): CapacityCheck | null {
  const added = rows.filter((row) => row.selected && row.date === today);
  if (added.length === 0) return null;
  const check = dayCapacity({ tasks: todaysTasks, added: added.map((row) => row.estimatedDuration), meetingMinutes, workday });
  return check.level === "fine" ? null : check;
}

export function toBreakdownTasks(rows: readonly SuggestionRow[]): BreakdownTaskInput[] {
  return rows
    .filter((row) => row.selected)
    .map((row) => {
      const task: BreakdownTaskInput = { title: row.title, estimatedDuration: row.estimatedDuration };
      const description = row.description.trim();
      if (description !== "") task.description = description;
      if (row.date !== "") task.date = row.date;
      if (row.steps.length > 0) task.steps = row.steps;
      return task;
    });
}
