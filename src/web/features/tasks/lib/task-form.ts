import {
  ESTIMATED_DURATION_MAX_MINUTES,
  ESTIMATED_DURATION_MIN_MINUTES,
  NEW_TASK_ESTIMATE_MINUTES,
  NEW_TASK_STATUS,
} from "../../../../shared/api/task-limits.ts";
import type { CreateTaskInput, Task } from "../../../../shared/api/tasks.ts";
import type { TaskPatch } from "./optimistic-task-update.ts";
import {
  type CustomRepeat,
  type RepeatChoice,
  buildCustomRule,
  checkCustomRepeat,
  presetRule,
  readCustomRepeat,
  repeatChoiceOf,
} from "./repeat-rule.ts";

export const ESTIMATE_STEP_MINUTES = 5;
export const ESTIMATE_QUICK_PICKS = [15, 30, 45, 60, 90, 120] as const;
export const TITLE_REQUIRED_MESSAGE = "Task title is required";

/** Strings as typed: the duration input too, so that it can be cleared while typing. */
export interface TaskFormValues {
  title: string;
  description: string;
  goalId: string;
  scheduledStartTime: string;
  estimatedDuration: string;
  /** yyyy-MM-dd, or "" for no day (Future Tasks' Unscheduled). */
  date: string;
  repeat: RepeatChoice;
  /** The custom editor's fields, kept while another choice is picked. */
  customRepeat: CustomRepeat;
}

/** `date`: the task's day (create mode: the day it is planned for). */
export function initialTaskFormValues(
  task?: Task | null,
  defaultGoalId?: string | null,
  date: string | null = task?.date ?? null,
): TaskFormValues {
  if (task) {
    return {
      title: task.title,
      description: task.description ?? "",
      goalId: task.goalId ?? "",
      scheduledStartTime: task.scheduledStartTime ?? "",
      estimatedDuration: task.estimatedDuration === null ? "" : String(task.estimatedDuration),
      date: task.date ?? "",
      repeat: repeatChoiceOf(task.recurrence, date),
      customRepeat: readCustomRepeat(task.recurrence, date),
    };
  }
  return {
    title: "",
    description: "",
    goalId: defaultGoalId ?? "",
    scheduledStartTime: "",
    estimatedDuration: String(NEW_TASK_ESTIMATE_MINUTES),
    date: date ?? "",
    repeat: "none",
    customRepeat: readCustomRepeat(null, date),
  };
}

/** The rule the Repeat field says; none without a day, which a series needs. */
export function recurrenceOf(values: Pick<TaskFormValues, "repeat" | "customRepeat">, date: string | null): string | null {
  if (date === null || values.repeat === "none") return null;
  if (values.repeat === "custom") return buildCustomRule(values.customRepeat, date);
  return presetRule(values.repeat, date);
}

export function parseEstimate(raw: string): number {
  const value = Number.parseFloat(raw);
  if (!Number.isFinite(value)) return NEW_TASK_ESTIMATE_MINUTES;
  return Math.min(ESTIMATED_DURATION_MAX_MINUTES, Math.max(ESTIMATED_DURATION_MIN_MINUTES, Math.round(value)));
}

// Short enough for one line of a phone's dialog, whose height reserves one message line.
export const ESTIMATE_RANGE_MESSAGE = `Enter ${ESTIMATED_DURATION_MIN_MINUTES} to ${ESTIMATED_DURATION_MAX_MINUTES} minutes.`;
export const ESTIMATE_DEFAULT_HINT = `Not a number: saved as ${NEW_TASK_ESTIMATE_MINUTES} minutes.`;

export function estimateStepMessage(value: number): string {
  const lower = Math.max(ESTIMATED_DURATION_MIN_MINUTES, Math.floor(value / ESTIMATE_STEP_MINUTES) * ESTIMATE_STEP_MINUTES);
  const upper = Math.min(ESTIMATED_DURATION_MAX_MINUTES, Math.ceil(value / ESTIMATE_STEP_MINUTES) * ESTIMATE_STEP_MINUTES);
  return `Use steps of ${ESTIMATE_STEP_MINUTES} minutes: try ${lower} or ${upper}.`;
}

/** Nothing changes silently: out of range or off the step is an error; an empty field saves the default and the hint says so. */
export function checkEstimate(raw: string, task?: Pick<Task, "estimatedDuration"> | null): { error: string | null; hint: string | null } {
  const original = task?.estimatedDuration ?? null;
  if (raw.trim() === "") return { error: null, hint: task && original === null ? null : ESTIMATE_DEFAULT_HINT };
  const value = Number(raw);
  if (!Number.isFinite(value)) return { error: null, hint: ESTIMATE_DEFAULT_HINT };
  if (value === original) return { error: null, hint: null };
  if (value < ESTIMATED_DURATION_MIN_MINUTES || value > ESTIMATED_DURATION_MAX_MINUTES)
    return { error: ESTIMATE_RANGE_MESSAGE, hint: null };
  if (!Number.isInteger(value / ESTIMATE_STEP_MINUTES)) return { error: estimateStepMessage(value), hint: null };
  return { error: null, hint: null };
}

export interface TaskFormErrors {
  title?: string;
  estimatedDuration?: string;
  repeat?: string;
}

export function validateTaskForm(
  values: TaskFormValues,
  original?: Task | null,
  date: string | null = original?.date ?? null,
): TaskFormErrors {
  const errors: TaskFormErrors = {};
  if (values.title.trim() === "") errors.title = TITLE_REQUIRED_MESSAGE;
  const estimate = checkEstimate(values.estimatedDuration, original);
  if (estimate.error) errors.estimatedDuration = estimate.error;
  const repeat = values.repeat === "custom" && date !== null ? checkCustomRepeat(values.customRepeat, date) : null;
  if (repeat) errors.repeat = repeat;
  return errors;
}

/** The Date field's day: the task's own in edit mode is changed only by a move (this occurrence alone). */
export function toCreateTaskInput(values: TaskFormValues, date: string | null = values.date || null): CreateTaskInput {
  const input: CreateTaskInput = {
    title: values.title.trim(),
    status: NEW_TASK_STATUS,
    estimatedDuration: parseEstimate(values.estimatedDuration),
  };
  const description = values.description.trim();
  if (description !== "") input.description = description;
  if (values.scheduledStartTime !== "") input.scheduledStartTime = values.scheduledStartTime;
  if (values.goalId !== "") input.goalId = values.goalId;
  if (date) input.date = date;
  const recurrence = recurrenceOf(values, date);
  if (recurrence) input.recurrence = recurrence;
  return input;
}

/** The day a repeat starts on: a series' own (a moved occurrence moves alone), else the Date field's. */
export function repeatDay(values: Pick<TaskFormValues, "date">, task?: Pick<Task, "date" | "seriesId"> | null): string | null {
  return task?.seriesId ? task.date : values.date || null;
}

/** A field left empty is sent as null only when the task had a value, else an edit could never remove one. */
/** Only the fields the person changed: another device's change to another field is kept (last writer wins per field). */
export function toUpdateTaskPatch(values: TaskFormValues, task: Task): TaskPatch {
  const patch: TaskPatch = {};
  const title = values.title.trim();
  if (title !== task.title) patch.title = title;
  const description = values.description.trim() || null;
  if (description !== task.description) patch.description = description;
  const scheduledStartTime = values.scheduledStartTime || null;
  if (scheduledStartTime !== task.scheduledStartTime) patch.scheduledStartTime = scheduledStartTime;
  const goalId = values.goalId || null;
  if (goalId !== task.goalId) patch.goalId = goalId;
  if (values.estimatedDuration.trim() !== "" || task.estimatedDuration !== null) {
    const estimatedDuration = parseEstimate(values.estimatedDuration);
    if (estimatedDuration !== task.estimatedDuration) patch.estimatedDuration = estimatedDuration;
  }
  const date = values.date || null;
  if (date !== task.date) patch.date = date;
  // Against what the untouched field would send: the editor spells some rules out ("FREQ=WEEKLY" gets its BYDAY).
  const recurrence = recurrenceOf(values, repeatDay(values, task));
  if (recurrence !== recurrenceOf(initialTaskFormValues(task), task.date)) patch.recurrence = recurrence;
  return patch;
}

/** Whether saving a series' occurrence asks "This task" or "This and following": the fields a series shares changed. */
export function changesSeries(patch: TaskPatch, task: Task): boolean {
  if (task.seriesId === null) return false;
  return (
    (patch.title !== undefined && patch.title !== task.title) ||
    (patch.estimatedDuration !== undefined && patch.estimatedDuration !== task.estimatedDuration) ||
    (patch.scheduledStartTime !== undefined && patch.scheduledStartTime !== task.scheduledStartTime) ||
    (patch.goalId !== undefined && patch.goalId !== task.goalId) ||
    patch.recurrence !== undefined
  );
}
