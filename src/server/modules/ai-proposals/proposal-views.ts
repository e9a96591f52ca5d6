// What a proposal's card shows (before/after views, the one-line summary, the warning), from the
// validated operations and the user's tasks as they are. Pure: the service reads, this shapes.
import type { CreateGoalBody } from "../../../shared/api/goals.ts";
import {
  PROPOSAL_WARNING_TASKS,
  type ProposalChange,
  type proposedTaskSchema,
  type ProposalTaskView,
} from "../../../shared/api/ai-proposals.ts";
import type { Task } from "../../../shared/api/tasks.ts";
import type { TaskUpdate } from "../tasks/update-tasks.ts";
import type { z } from "zod";

export type ProposedTask = z.output<typeof proposedTaskSchema>;

/** A change as a write tool asked for it, checked against the contract's schemas. */
export type ProposalOperation =
  | { kind: "createTask"; body: ProposedTask }
  | { kind: "updateTask"; taskId: string; body: TaskUpdate }
  | { kind: "deleteTask"; taskId: string }
  | { kind: "createGoal"; body: CreateGoalBody };

/** A change as stored: what the card shows, and the operation apply runs. */
export type StoredChange = ProposalChange & { operation: ProposalOperation };

export function taskView(task: Pick<Task, Exclude<keyof ProposalTaskView, "steps">>): ProposalTaskView {
  return {
    title: task.title,
    date: task.date,
    scheduledStartTime: task.scheduledStartTime,
    status: task.status,
    estimatedDuration: task.estimatedDuration,
    goalTitle: task.goalTitle,
  };
}

/** The task once `update` is applied; `goalTitleOf` names the user's goals by id. */
export function viewAfterUpdate(
  before: ProposalTaskView,
  update: TaskUpdate,
  goalTitleOf: (goalId: string) => string | null,
): ProposalTaskView {
  return {
    ...(update.addChecklistItems ? { steps: [...(before.steps ?? []), ...update.addChecklistItems] } : {}),
    title: update.title ?? before.title,
    date: update.date !== undefined ? update.date : before.date,
    scheduledStartTime: update.scheduledStartTime !== undefined ? update.scheduledStartTime : before.scheduledStartTime,
    status: update.status ?? before.status,
    estimatedDuration: update.estimatedDuration !== undefined ? update.estimatedDuration : before.estimatedDuration,
    goalTitle: update.goalId === undefined ? before.goalTitle : update.goalId === null ? null : goalTitleOf(update.goalId),
  };
}

export function viewOfNewTask(body: ProposedTask, goalTitle: string | null): ProposalTaskView {
  return {
    title: body.title,
    date: body.date ?? null,
    scheduledStartTime: body.scheduledStartTime ?? null,
    status: "todo",
    estimatedDuration: body.estimatedDuration ?? null,
    goalTitle,
  };
}

type Verb = "Create" | "Move" | "Complete" | "Update" | "Delete" | "Create goal";

function verbOf(change: ProposalChange): Verb {
  if (change.kind === "createTask") return "Create";
  if (change.kind === "deleteTask") return "Delete";
  if (change.kind === "createGoal") return "Create goal";
  if (change.after?.status === "done" && change.before?.status !== "done") return "Complete";
  if (change.after?.date !== change.before?.date) return "Move";
  return "Update";
}

/** "Move 1 task, create 1 task": each kind of change once, in the order they first appear. */
export function summarize(changes: readonly ProposalChange[]): string {
  const counts = new Map<Verb, number>();
  for (const change of changes) counts.set(verbOf(change), (counts.get(verbOf(change)) ?? 0) + 1);
  const parts = [...counts].map(([verb, count]) =>
    verb === "Create goal"
      ? `create ${count} goal${count === 1 ? "" : "s"}`
      : `${verb.toLowerCase()} ${count} task${count === 1 ? "" : "s"}`,
  );
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Deletes, and proposals touching more than PROPOSAL_WARNING_TASKS tasks, are shown with a warning. */
export function proposalWarning(changes: readonly ProposalChange[]): string | null {
  const deletes = changes.filter((change) => change.kind === "deleteTask").length;
  const tasks = changes.filter((change) => change.kind !== "createGoal").length;
  const warnings: string[] = [];
  if (deletes > 0) warnings.push(`Deletes ${deletes} task${deletes === 1 ? "" : "s"}.`);
  if (tasks > PROPOSAL_WARNING_TASKS) warnings.push(`Changes ${tasks} tasks at once.`);
  return warnings.length === 0 ? null : `${warnings.join(" ")} Check each change before applying.`;
}

/** A task's fields as written: a difference means someone changed it since. */
export function taskFingerprint(task: Omit<Task, "goalTitle">): string {
  const { goalTitle: _joined, ...fields } = task as Task;
  return JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((key) => [key, fields[key as keyof typeof fields]]),
  );
}
