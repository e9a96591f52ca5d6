import { useQuery } from "@tanstack/react-query";
import { type FormEvent, memo, useCallback, useEffect, useId, useRef, useState } from "react";
import {
  ESTIMATED_DURATION_MAX_MINUTES,
  ESTIMATED_DURATION_MIN_MINUTES,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
} from "../../../../shared/api/task-limits.ts";
import type { Task } from "../../../../shared/api/tasks.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, useDialogOpen } from "../../../components/ui/dialog.tsx";
import { FormDialogFooter } from "../../../components/ui/form-dialog-footer.tsx";
import { useKeptDialogBody, useStartAgainOnOpen } from "../../../components/ui/kept-dialog-body.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { FieldMessage, RequiredMark } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { seriesStartText } from "../lib/series-start.ts";
import { cn } from "../../../lib/utils.ts";
import { goalsQueryOptions } from "../../goals/index.ts";
import { useCreateTask } from "../api/create-task.ts";
import { dayTasksQueryOptions } from "../api/get-day-tasks.ts";
import { type SeriesScope, useUpdateTask } from "../api/update-task.ts";
import { useToday } from "../hooks/use-today.ts";
import { dayChoices } from "../lib/day-choices.ts";
import { fullDateLabel, futureDateLabel } from "../lib/day-labels.ts";
import {
  ESTIMATE_QUICK_PICKS,
  ESTIMATE_STEP_MINUTES,
  type TaskFormValues,
  changesSeries,
  checkEstimate,
  initialTaskFormValues,
  parseEstimate,
  toCreateTaskInput,
  repeatDay,
  toUpdateTaskPatch,
  validateTaskForm,
} from "../lib/task-form.ts";
import type { TaskPatch } from "../lib/optimistic-task-update.ts";
import { presetRule, readCustomRepeat } from "../lib/repeat-rule.ts";
import { RepeatField } from "./repeat-field.tsx";
import { SeriesScopeDialog } from "./series-scope-dialog.tsx";
import { CHECKLIST_EDITING_ATTRIBUTE, TaskChecklist } from "./task-checklist.tsx";

export interface TaskFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task?: Task;
  defaultGoalId?: string | null;
  defaultDate?: string | null;
}

export function TaskFormDialog({ open, onOpenChange, task, defaultGoalId, defaultDate }: TaskFormDialogProps) {
  // A save closes at once, with no exit animation over the changed board (as quick add); Cancel and Escape animate.
  const [isSaved, setIsSaved] = useState(false);
  if (open && isSaved) setIsSaved(false);
  const onDone = useCallback(() => {
    setIsSaved(true);
    onOpenChange(false);
  }, [onOpenChange]);
  const form = useKeptDialogBody(open, (opens) => (
    <TaskForm task={task} defaultGoalId={defaultGoalId} defaultDate={defaultDate} onDone={onDone} opens={opens} />
  ));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {form.body}
      <DialogContent {...form.contentProps} onEscapeKeyDown={keepDialogWhileRenamingStep} instantClose={isSaved}>
        {form.slot}
      </DialogContent>
    </Dialog>
  );
}

function keepDialogWhileRenamingStep(event: KeyboardEvent) {
  if (event.target instanceof Element && event.target.closest(`[${CHECKLIST_EDITING_ATTRIBUTE}]`)) event.preventDefault();
}

function closeAsGone(onDone: () => void) {
  toast({ title: "This task was deleted or moved on another device", description: "Your changes to it were not saved." });
  onDone();
}

/** Another device deleted the task (or moved it to another day) while it was open here. */
function CloseWhenGoneElsewhere({ task, isSaving, onDone }: { task: Task | undefined; isSaving: boolean; onDone: () => void }) {
  const isOpen = useDialogOpen();
  const day = useQuery({ ...dayTasksQueryOptions(task?.date ?? ""), enabled: false });
  // Its own save moves the task optimistically (another day): only a list settled without one says so.
  const isSettled = !isSaving && !day.isFetching;
  const isGone = isOpen && task?.date != null && isSettled && day.data !== undefined && !day.data.some((other) => other.id === task.id);
  const latestOnDone = useRef(onDone);
  useEffect(() => {
    latestOnDone.current = onDone;
  });
  useEffect(() => {
    if (isGone) closeAsGone(latestOnDone.current);
  }, [isGone]);
  return null;
}

interface TaskFormProps {
  task?: Task;
  defaultGoalId?: string | null;
  defaultDate?: string | null;
  onDone: () => void;
  opens: number;
}

/** Memoised: opening and closing change only the dialog around it, and closing is an interaction to answer fast. */
const TaskForm = memo(function TaskForm({ task, defaultGoalId, defaultDate, onDone, opens }: TaskFormProps) {
  const isEdit = task !== undefined;
  const today = useToday();
  const initialValues = () => initialTaskFormValues(task, defaultGoalId, task ? task.date : (defaultDate ?? today));
  const [values, setValues] = useState<TaskFormValues>(initialValues);
  const date = values.date || null;
  const taskDate = repeatDay(values, task);
  const [repeatError, setRepeatError] = useState<string | null>(null);
  const [scopedPatch, setScopedPatch] = useState<TaskPatch | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  // Shown once the user submits, then kept up to date as they type (a range error never changes the value).
  const [showEstimateError, setShowEstimateError] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  useStartAgainOnOpen(opens, () => {
    setValues(initialValues());
    setRepeatError(null);
    setScopedPatch(null);
    setTitleError(null);
    setShowEstimateError(false);
    setSubmitError(null);
  });
  const titleRef = useRef<HTMLInputElement>(null);
  const durationRef = useRef<HTMLInputElement>(null);
  const createTask = useCreateTask();
  const updateTask = useUpdateTask();
  const { reset: resetCreate } = createTask;
  const { reset: resetUpdate } = updateTask;
  useEffect(() => {
    resetCreate();
    resetUpdate();
  }, [opens, resetCreate, resetUpdate]);
  const isPending = createTask.isPending || updateTask.isPending;
  const ids = {
    title: useId(),
    titleError: useId(),
    description: useId(),
    goal: useId(),
    time: useId(),
    duration: useId(),
    date: useId(),
    dateHint: useId(),
    dates: useId(),
    durationMessage: useId(),
    picks: useId(),
  };

  function setField<K extends keyof TaskFormValues>(field: K, value: TaskFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const errors = validateTaskForm(values, task, taskDate);
    if (errors.title) setTitleError(errors.title);
    if (errors.estimatedDuration) setShowEstimateError(true);
    setRepeatError(errors.repeat ?? null);
    if (errors.title) {
      titleRef.current?.focus();
      return;
    }
    if (errors.estimatedDuration) {
      durationRef.current?.focus();
      return;
    }
    if (errors.repeat) return;
    setSubmitError(null);
    if (task) {
      const patch = toUpdateTaskPatch(values, task);
      // Nothing changed: the task is as the person wants it, so the dialog closes as after a save.
      if (Object.keys(patch).length === 0) {
        toast({ title: "Task updated successfully" });
        onDone();
      } else if (changesSeries(patch, task)) setScopedPatch(patch);
      else save(patch);
    } else {
      // Closed at once, the card shown at once: offline the create waits in the outbox; a refusal removes it, with a toast.
      const input = toCreateTaskInput(values, date);
      createTask.mutate(input);
      toast({
        title: "Task created successfully",
        ...(typeof input.recurrence === "string" && date ? { description: seriesStartText(input.recurrence, date) } : {}),
      });
      onDone();
    }
  }

  function save(patch: TaskPatch, scope?: SeriesScope) {
    if (!task) return;
    updateTask.mutate({ id: task.id, patch, title: task.title, ...(scope ? { scope } : {}) });
    toast({ title: "Task updated successfully" });
    onDone();
  }

  const pickedEstimate = values.estimatedDuration.trim() === "" ? null : parseEstimate(values.estimatedDuration);
  const estimate = checkEstimate(values.estimatedDuration, task);
  const estimateError = showEstimateError ? estimate.error : null;
  const estimateMessage = estimateError ?? estimate.hint;
  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <CloseWhenGoneElsewhere task={task} isSaving={isPending || updateTask.isSuccess} onDone={onDone} />
      <DialogHeader>
        <DialogTitle>{isEdit ? "Edit Task" : "Create New Task"}</DialogTitle>
        <DialogDescription>
          {isEdit ? "Change the task's details." : date ? `The task is planned for ${fullDateLabel(date)}.` : "The task has no day yet."}
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-2">
        <Label htmlFor={ids.title}>
          Task Title
          <RequiredMark />
        </Label>
        <Input
          ref={titleRef}
          id={ids.title}
          value={values.title}
          required
          aria-required="true"
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? ids.titleError : undefined}
          autoComplete="off"
          maxLength={TASK_TITLE_MAX_LENGTH}
          placeholder="e.g. Write the weekly report"
          onChange={(event) => {
            setField("title", event.target.value);
            if (titleError) setTitleError(null);
          }}
        />
        <FieldMessage id={ids.titleError} error={titleError} />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={ids.description}>Description</Label>
        <Textarea
          id={ids.description}
          value={values.description}
          maxLength={TASK_DESCRIPTION_MAX_LENGTH}
          placeholder="Notes, links, what done looks like..."
          onChange={(event) => setField("description", event.target.value)}
        />
      </div>

      {task ? <TaskChecklist key={opens} task={task} /> : null}

      <div className="grid gap-2">
        <Label htmlFor={ids.goal}>Associated Goal</Label>
        <GoalSelect id={ids.goal} value={values.goalId} linkedTitle={task?.goalTitle} onChange={(goalId) => setField("goalId", goalId)} />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={ids.date}>Date</Label>
        <Input
          id={ids.date}
          type="date"
          value={values.date}
          aria-describedby={ids.dateHint}
          onChange={(event) => setField("date", event.target.value)}
        />
        <p id={ids.dateHint} className="-mt-1 text-xs text-muted-foreground">
          {dateHint(values.date, today, task)}
        </p>
        <div role="group" aria-labelledby={ids.dates} className="flex flex-wrap items-center gap-2">
          <span id={ids.dates} className="text-xs text-muted-foreground">
            Move to:
          </span>
          {dayChoices(today).map(({ label, date: day }) => {
            const isPicked = values.date === (day ?? "");
            return (
              <Button
                key={label}
                size="sm"
                variant="outline"
                aria-pressed={isPicked}
                className={cn("h-7 px-2.5", isPicked && "border-indigo-500 bg-indigo-50 text-indigo-900")}
                onClick={() => setField("date", day ?? "")}
              >
                {label}
              </Button>
            );
          })}
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={ids.time}>Scheduled Start Time</Label>
          <Input
            id={ids.time}
            type="time"
            value={values.scheduledStartTime}
            onChange={(event) => setField("scheduledStartTime", event.target.value)}
          />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={ids.duration}>Estimated Duration (minutes)</Label>
          <Input
            ref={durationRef}
            id={ids.duration}
            type="number"
            inputMode="numeric"
            min={ESTIMATED_DURATION_MIN_MINUTES}
            max={ESTIMATED_DURATION_MAX_MINUTES}
            step={ESTIMATE_STEP_MINUTES}
            value={values.estimatedDuration}
            aria-invalid={estimateError ? true : undefined}
            aria-describedby={estimateMessage ? ids.durationMessage : undefined}
            onChange={(event) => setField("estimatedDuration", event.target.value)}
          />
        </div>
      </div>
      <FieldMessage
        id={ids.durationMessage}
        error={estimateError}
        hint={estimateMessage === estimateError ? null : estimateMessage}
        className="-mt-3"
      />
      <div role="group" aria-labelledby={ids.picks} className="-mt-1 flex flex-wrap items-center gap-2">
        <span id={ids.picks} className="text-xs text-muted-foreground">
          Quick picks:
        </span>
        {ESTIMATE_QUICK_PICKS.map((minutes) => (
          <Button
            key={minutes}
            size="sm"
            variant="outline"
            aria-pressed={pickedEstimate === minutes}
            className={cn("h-7 px-2.5", pickedEstimate === minutes && "border-indigo-500 bg-indigo-50 text-indigo-900")}
            onClick={() => setField("estimatedDuration", String(minutes))}
          >
            {minutes}m
          </Button>
        ))}
      </div>

      <RepeatField
        date={taskDate}
        repeat={values.repeat}
        customRepeat={values.customRepeat}
        error={repeatError}
        onChange={({ repeat, customRepeat }) => {
          setRepeatError(null);
          setValues((current) => {
            const next = { ...current, ...(customRepeat ? { customRepeat } : {}) };
            if (repeat === undefined) return next;
            // Custom starts from the preset it replaces.
            const from = current.repeat !== "none" && current.repeat !== "custom" && taskDate ? presetRule(current.repeat, taskDate) : null;
            if (repeat === "custom" && from) next.customRepeat = readCustomRepeat(from, taskDate);
            return { ...next, repeat };
          });
        }}
      />

      {submitError ? <FormError>{submitError}</FormError> : null}

      <FormDialogFooter submitLabel={isEdit ? "Update Task" : "Create Task"} submitDisabled={isPending} />
      <SeriesScopeDialog
        open={scopedPatch !== null}
        onCancel={() => setScopedPatch(null)}
        onChoose={(scope) => {
          if (scopedPatch) save(scopedPatch, scope);
          setScopedPatch(null);
        }}
      />
    </form>
  );
});

interface GoalSelectProps {
  id: string;
  value: string;
  linkedTitle: string | null | undefined;
  onChange: (goalId: string) => void;
}

/** Its own part, as CloseWhenGoneElsewhere: opening and closing re-render it, not the kept form. */
function GoalSelect({ id, value, linkedTitle, onChange }: GoalSelectProps) {
  const goals = useQuery({ ...goalsQueryOptions(), enabled: useDialogOpen() }).data ?? [];
  // A goal that is linked but missing from the list (not loaded yet, or gone) keeps its option.
  const hasSelectedGoal = value === "" || goals.some((goal) => goal.id === value);
  return (
    <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">No goal</option>
      {goals.map((goal) => (
        <option key={goal.id} value={goal.id}>
          {goal.title}
        </option>
      ))}
      {hasSelectedGoal ? null : <option value={value}>{linkedTitle ?? "Selected goal"}</option>}
    </Select>
  );
}

/** Which day the field says, in words; a series' occurrence moves alone. */
function dateHint(value: string, today: string, task: Task | undefined): string {
  if (value === "") return "No date: listed under Unscheduled in Future Tasks.";
  const words = `${futureDateLabel(value, today)}, ${fullDateLabel(value)}`;
  return task?.seriesId && value !== task.date ? `${words}. Only this occurrence moves.` : words;
}
