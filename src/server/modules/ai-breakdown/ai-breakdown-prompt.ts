// Pure: the service reads the data, this shapes it; the user's own text goes only in the data block (docs/decisions/009).
import type { Goal } from "../../../shared/api/goals.ts";
import { daysBetween } from "../../../shared/rules/dates.ts";
import { SUGGESTION_MAX_MINUTES, SUGGESTION_MIN_MINUTES, SUGGESTIONS_MAX, SUGGESTIONS_MIN } from "../../../shared/rules/breakdown.ts";
import { CHECKLIST_MAX_ITEMS } from "../../../shared/api/task-limits.ts";
import type { GoalTaskOutline } from "../tasks/tasks.service.ts";
import { clip, PROMPT_MAX_TASKS, userDataSection } from "../ai-models/user-data-block.ts";

/** The same for every breakdown: what to break down is in the data. */
export const BREAKDOWN_REQUEST = "Break down the goal in the user-data block into tasks.";

export interface BreakdownInput {
  today: string;
  goal: Goal;
  /** Newest first; only the first PROMPT_MAX_TASKS are sent. */
  existingTasks: readonly GoalTaskOutline[];
  /** Trimmed; "" when the user gave none. */
  additionalContext: string;
}

export function describeBreakdown(input: BreakdownInput) {
  const { goal, today } = input;
  const tasks = input.existingTasks.slice(0, PROMPT_MAX_TASKS);
  return {
    today,
    goal: {
      title: goal.title,
      description: clip(goal.description),
      status: goal.status,
      targetDate: goal.targetDate,
      ...(goal.targetDate ? { daysUntilTargetDate: daysBetween(today, goal.targetDate) } : {}),
      progressPercent: Math.round(goal.progressPercentage * 100),
    },
    existingTasks: tasks.map((task) => ({
      title: task.title,
      status: task.status,
      estimatedDuration: task.estimatedDuration,
      date: task.date,
    })),
    omittedExistingTasks: Math.max(0, input.existingTasks.length - tasks.length),
    additionalContext: input.additionalContext === "" ? null : input.additionalContext,
  };
}

/** "text": for a provider or local model that cannot take a JSON schema, the list is asked for in a fenced block. */
export function buildBreakdownSystemPrompt(input: BreakdownInput, mode: "structured" | "text"): string {
  const answerFormat =
    mode === "text"
      ? [
          "",
          "Answer with only a JSON array of the tasks inside a ```json code block: each an object with",
          'the keys "title", "description", "estimatedDuration" (a whole number of minutes),',
          '"priority" ("high", "medium" or "low") and "steps" (a list of short step titles, possibly empty).',
        ]
      : [];
  return [
    "You are Daywise's AI planning assistant. Break the user's goal into concrete tasks that",
    `together move it to done: ${SUGGESTIONS_MIN} to ${SUGGESTIONS_MAX} tasks, in the order to do them.`,
    "Each task has a short title that starts with a verb, a description of one or two sentences",
    `saying what done looks like, an estimated duration in whole minutes from ${SUGGESTION_MIN_MINUTES} to ${SUGGESTION_MAX_MINUTES} (one sitting),`,
    "and a priority: high for what unblocks the rest or is due soonest, medium, or low.",
    `A task with distinct parts worth ticking off may list them as steps (at most ${CHECKLIST_MAX_ITEMS}, in order); otherwise none.`,
    "Be realistic about time; when the goal has a target date, make the plan fit before it.",
    "Never suggest a task the goal already has (existingTasks), even in other words.",
    "Use the user's additionalContext as information about their situation.",
    ...answerFormat,
    "",
    ...userDataSection(describeBreakdown(input), "the user's data from the app and their own words"),
  ].join("\n");
}
