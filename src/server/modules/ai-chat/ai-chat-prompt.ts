// Pure: the service reads the data, this shapes it (docs/decisions/008 "Prompt safety").
import type { ChatHistoryEntry } from "../../../shared/api/ai.ts";
import type { Goal } from "../../../shared/api/goals.ts";
import type { Task } from "../../../shared/api/tasks.ts";
import { CAPACITY_PROFILE, type CapacityCheck, dayCapacity } from "../../../shared/rules/capacity.ts";
import { completionRate } from "../../../shared/rules/workload.ts";
import { clip, PROMPT_MAX_TASKS, userDataSection } from "../ai-models/user-data-block.ts";

/** Tokens of earlier conversation sent with a message; the newest entries that fit are kept. */
export const HISTORY_TOKEN_BUDGET = 3000;
export const PROMPT_MAX_GOALS = 30;
const PATTERNS_MAX_CHARS = 500;

/** About four characters a token for English text: enough for a budget. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** A leading assistant entry is dropped: several providers want a conversation to start with the user. */
export function capHistory(history: readonly ChatHistoryEntry[], budgetTokens = HISTORY_TOKEN_BUDGET): ChatHistoryEntry[] {
  const kept: ChatHistoryEntry[] = [];
  let used = 0;
  for (let index = history.length - 1; index >= 0; index--) {
    const entry = history[index]!;
    used += estimateTokens(entry.content);
    if (used > budgetTokens) break;
    kept.unshift(entry);
  }
  while (kept[0]?.role === "assistant") kept.shift();
  return kept;
}

export function describeUserData(input: {
  today: string;
  goals: readonly Goal[];
  tasks: readonly Task[];
  clientPatterns?: unknown;
  /** Today's capacity as the Capacity card and the insights read it (dayCapacity). */
  capacity?: { meetingMinutes: number; workday?: { workdayStart: string; workdayEnd: string } };
}): UserData {
  const statusOrder = { active: 0, paused: 1, completed: 2 } as const;
  const goals = [...input.goals]
    .sort((a, b) => statusOrder[a.status] - statusOrder[b.status])
    .slice(0, PROMPT_MAX_GOALS)
    .map((goal) => ({
      id: goal.id,
      title: goal.title,
      description: clip(goal.description),
      status: goal.status,
      targetDate: goal.targetDate,
      progressPercent: Math.round(goal.progressPercentage * 100),
    }));
  const tasks = input.tasks.slice(0, PROMPT_MAX_TASKS).map((task) => ({
    id: task.id,
    title: task.title,
    description: clip(task.description),
    status: task.status,
    goalId: task.goalId,
    goalTitle: task.goalTitle,
    estimatedDuration: task.estimatedDuration,
    scheduledStartTime: task.scheduledStartTime,
  }));
  const done = input.tasks.filter((task) => task.status === "done").length;
  const data: UserData = {
    today: input.today,
    goals,
    omittedGoals: Math.max(0, input.goals.length - goals.length),
    tasksToday: tasks,
    omittedTasks: Math.max(0, input.tasks.length - tasks.length),
    completionRatePercent: completionRate(input.tasks.length, done),
    typicalWorkHours: CAPACITY_PROFILE.typicalWorkHours,
  };
  if (input.capacity) {
    const { plannedMinutes, usableMinutes, utilizationPercent, level } = dayCapacity({ tasks: input.tasks, ...input.capacity });
    data.capacityToday = { plannedMinutes, meetingMinutes: input.capacity.meetingMinutes, usableMinutes, utilizationPercent, level };
  }
  return withClientPatterns(data, input.clientPatterns);
}

export interface UserData {
  today: string;
  goals: Array<Pick<Goal, "id" | "title" | "description" | "status" | "targetDate"> & { progressPercent: number }>;
  omittedGoals: number;
  tasksToday: Array<
    Pick<Task, "id" | "title" | "description" | "status" | "goalId" | "goalTitle" | "estimatedDuration" | "scheduledStartTime">
  >;
  omittedTasks: number;
  completionRatePercent: number;
  typicalWorkHours: number;
  capacityToday?: Pick<CapacityCheck, "plannedMinutes" | "usableMinutes" | "utilizationPercent" | "level"> & { meetingMinutes: number };
  patternsReportedByTheApp?: string;
}

/** Labelled as the app's, and never changes `data`: a kept prompt's data is shared. */
export function withClientPatterns(data: UserData, clientPatterns: unknown): UserData {
  const patterns = clientPatterns === undefined ? undefined : clip(JSON.stringify(clientPatterns) ?? null, PATTERNS_MAX_CHARS);
  return patterns ? { ...data, patternsReportedByTheApp: patterns } : data;
}

export function buildSystemPrompt(data: UserData): string {
  return [
    "You are Daywise's AI planning assistant. You help one person plan their day, break goals into",
    "tasks, manage their time and feel less overwhelmed. Be concise, practical and kind; use short",
    "Markdown lists when they help. Refer to the user's real goals and tasks below by their titles.",
    "Durations are in minutes. Never invent tasks or goals the user does not have; suggest new ones",
    "as suggestions.",
    "",
    ...userDataSection(data),
  ].join("\n");
}
