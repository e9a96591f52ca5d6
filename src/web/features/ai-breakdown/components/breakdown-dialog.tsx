import { useMutation, useQuery } from "@tanstack/react-query";
import { AlertTriangle, CalendarRange, Loader2, RefreshCw, Sparkles } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { BREAKDOWN_CONTEXT_MAX_LENGTH } from "../../../../shared/api/ai-breakdown-limits.ts";
import type { AiProviderName } from "../../../../shared/api/ai.ts";
import type { Goal } from "../../../../shared/api/goals.ts";
import { ESTIMATED_DURATION_MAX_MINUTES, ESTIMATED_DURATION_MIN_MINUTES } from "../../../../shared/api/task-limits.ts";
import { clampDuration, scheduleDays } from "../../../../shared/rules/breakdown.ts";
import { daysBetween } from "../../../../shared/rules/dates.ts";
import { NeedsConnection } from "../../../components/needs-connection.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog.tsx";
import { FormDialogFooter } from "../../../components/ui/form-dialog-footer.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { useOnline } from "../../../lib/online.ts";
import { cn } from "../../../lib/utils.ts";
import { loadChatProvider, PROVIDER_LABELS, providerNotConfiguredText, useAiProviders } from "../../ai-chat/providers.ts";
import { useMeetingMinutes } from "../../calendar/index.ts";
import { useUser } from "../../session/index.ts";
import { dayTasksQueryOptions, useToday } from "../../tasks/index.ts";
import { breakdownGoal } from "../api/breakdown-goal.ts";
import { useCreateBreakdownTasks } from "../api/create-breakdown-tasks.ts";
import { distributeRows, rowsFromContent, type SuggestionRow, todayCapacityWarning, toBreakdownTasks } from "../lib/breakdown-rows.ts";
import { isolate } from "../../../lib/bidi.ts";

/** The spec offers these three here. */
const DIALOG_PROVIDERS = ["openai", "gemini", "claude"] as const satisfies readonly AiProviderName[];
const DURATION_STEP = 5;

export interface BreakdownDialogProps {
  open: boolean;
  goal: Goal;
  onOpenChange(open: boolean): void;
}

export function BreakdownDialog({ open, goal, onOpenChange }: BreakdownDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <BreakdownForm goal={goal} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function dayLabel(day: string, today: string): string {
  const ahead = daysBetween(today, day);
  if (ahead === 0) return "Today";
  if (ahead === 1) return "Tomorrow";
  return new Date(`${day}T12:00:00`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric" });
}

function BreakdownForm({ goal, onDone }: { goal: Goal; onDone(): void }) {
  const today = useToday();
  const ids = { context: useId(), provider: useId(), providerNote: useId(), results: useId(), offline: useId() };
  const isOnline = useOnline();
  const providers = useAiProviders();
  const todaysTasks = useQuery(dayTasksQueryOptions(today));
  const [context, setContext] = useState("");
  const [chosenProvider, setChosenProvider] = useState<AiProviderName | null>(null);
  const [rows, setRows] = useState<SuggestionRow[]>([]);
  const [breakdownId, setBreakdownId] = useState<string | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  // 'Generate Tasks' goes away once there are suggestions: focus moves to their heading instead of the page.
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // Focused once React has shown the heading, not a frame later, which on a busy machine can come before the render.
  const focusResults = useRef(false);
  useEffect(() => {
    if (focusResults.current && resultsHeading.current) {
      focusResults.current = false;
      resultsHeading.current.focus();
    }
  });

  const isAvailable = (name: AiProviderName) => providers.data?.find((provider) => provider.name === name)?.available ?? false;
  const [stored] = useState(loadChatProvider);
  const fallback = DIALOG_PROVIDERS.find(isAvailable) ?? "openai";
  const provider =
    chosenProvider ?? (stored && (DIALOG_PROVIDERS as readonly string[]).includes(stored) && isAvailable(stored) ? stored : fallback);
  const isNotConfigured = providers.data !== undefined && !isAvailable(provider);
  const providerLabel = providers.data?.find((candidate) => candidate.name === provider)?.displayName ?? PROVIDER_LABELS[provider];

  const generate = useMutation({
    mutationFn: () => breakdownGoal({ goalId: goal.id, provider, additionalContext: context.trim() }),
    onSuccess: (answer) => {
      setRows(rowsFromContent(answer.content, today));
      setBreakdownId(answer.breakdownId);
      setCreateError(null);
      focusResults.current = true;
    },
    onError: (error) => console.warn("Goal breakdown failed", error),
  });
  const create = useCreateBreakdownTasks();
  const selected = rows.filter((row) => row.selected);
  const isBusy = generate.isPending || create.isPending;
  const meetingMinutes = useMeetingMinutes(today);
  const user = useUser().data;
  const warning = todayCapacityWarning(todaysTasks.data ?? [], rows, today, meetingMinutes, user ?? undefined);

  const updateRow = (key: string, change: Partial<SuggestionRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  function createTasks() {
    if (!breakdownId || selected.length === 0 || isBusy) return;
    setCreateError(null);
    create.mutate(
      { breakdownId, input: { tasks: toBreakdownTasks(rows) } },
      {
        onSuccess: ({ tasks }) => {
          toast({
            title: "Tasks created",
            description: `${tasks.length} ${tasks.length === 1 ? "task" : "tasks"} added to "${isolate(goal.title)}".`,
          });
          onDone();
        },
        onError: (error) => {
          console.warn("Creating the breakdown's tasks failed", error);
          setCreateError(getErrorMessage(error, "Failed to create tasks"));
        },
      },
    );
  }

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Break Down Goal</DialogTitle>
        <DialogDescription className="wrap-anywhere">The AI suggests tasks that move &ldquo;{goal.title}&rdquo; forward.</DialogDescription>
      </DialogHeader>

      <div className="grid gap-2">
        <Label htmlFor={ids.context}>Additional Context</Label>
        <Textarea
          id={ids.context}
          value={context}
          maxLength={BREAKDOWN_CONTEXT_MAX_LENGTH}
          placeholder="Optional: your time, experience or constraints, e.g. 'I can spend an hour each morning'"
          onChange={(event) => setContext(event.target.value)}
        />
      </div>

      <div className={cn("grid gap-2", rows.length === 0 && "sm:grid-cols-[1fr_auto] sm:items-end sm:gap-3")}>
        <div className="grid gap-2">
          <Label htmlFor={ids.provider}>AI Provider</Label>
          <Select
            id={ids.provider}
            value={provider}
            disabled={isBusy}
            onChange={(event) => setChosenProvider(event.target.value as AiProviderName)}
          >
            {DIALOG_PROVIDERS.map((name) => {
              const info = providers.data?.find((candidate) => candidate.name === name);
              const unavailable = info !== undefined && !info.available;
              return (
                <option key={name} value={name} disabled={unavailable}>
                  {info?.displayName ?? PROVIDER_LABELS[name]}
                  {unavailable ? " (not configured)" : ""}
                </option>
              );
            })}
          </Select>
        </div>
        {rows.length === 0 ? (
          <Button
            disabled={isBusy || !isAvailable(provider) || !isOnline}
            aria-describedby={isNotConfigured ? ids.providerNote : isOnline ? undefined : ids.offline}
            onClick={() => generate.mutate()}
          >
            {generate.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Sparkles aria-hidden="true" />}
            {generate.isPending ? "Generating..." : "Generate Tasks"}
          </Button>
        ) : null}
      </div>

      {isOnline ? null : <NeedsConnection id={ids.offline} />}

      {isNotConfigured ? (
        <p id={ids.providerNote} className="text-sm text-muted-foreground">
          {providerNotConfiguredText(providerLabel)}
        </p>
      ) : null}

      {generate.isError ? (
        <FormError>{getErrorMessage(generate.error, "The AI could not suggest tasks right now; try again.")}</FormError>
      ) : null}

      {rows.length > 0 ? (
        <section aria-labelledby={ids.results} className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 ref={resultsHeading} id={ids.results} tabIndex={-1} className="text-sm font-semibold focus-visible:outline-none">
              Suggested Tasks ({selected.length} selected)
            </h3>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" disabled={isBusy} onClick={() => setRows((current) => distributeRows(current, today))}>
                <CalendarRange aria-hidden="true" />
                Distribute Across Days
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={isBusy || !isOnline}
                aria-describedby={isOnline ? undefined : ids.offline}
                onClick={() => generate.mutate()}
              >
                <RefreshCw aria-hidden="true" className={generate.isPending ? "animate-spin" : undefined} />
                {generate.isPending ? "Generating..." : "Regenerate"}
              </Button>
            </div>
          </div>
          <ul className="grid gap-2" aria-label="Suggested tasks">
            {rows.map((row) => (
              <SuggestionItem
                key={`${breakdownId}-${row.key}`}
                row={row}
                today={today}
                disabled={isBusy}
                onChange={(change) => updateRow(row.key, change)}
              />
            ))}
          </ul>
          {warning ? (
            <p
              role="status"
              className={cn(
                "flex items-start gap-2 rounded-md border p-3 text-sm",
                warning.level === "critical" ? "border-red-200 bg-red-50 text-red-800" : "border-amber-200 bg-amber-50 text-amber-900",
              )}
            >
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {warning.message}
            </p>
          ) : null}
        </section>
      ) : null}

      {createError ? <FormError>{createError}</FormError> : null}

      {/* Stuck to the dialog's bottom: a long list and the capacity warning would scroll Cancel and Create away. */}
      <FormDialogFooter
        className="sticky -bottom-6 -mx-6 -mb-6 border-t bg-popover px-6 py-4"
        submitLabel={create.isPending ? "Creating..." : `Create ${selected.length} ${selected.length === 1 ? "Task" : "Tasks"}`}
        onSubmit={createTasks}
        submitDisabled={selected.length === 0 || isBusy}
        isPending={create.isPending}
      />
    </div>
  );
}

const priorityBadge = { high: "destructive", medium: "warning", low: "secondary" } as const;

function SuggestionItem({
  row,
  today,
  disabled,
  onChange,
}: {
  row: SuggestionRow;
  today: string;
  disabled: boolean;
  onChange(change: Partial<SuggestionRow>): void;
}) {
  const ids = { check: useId(), duration: useId(), date: useId(), description: useId() };
  // What is typed stays on screen while typing; the suggestion keeps the clamped minutes (spec section 5).
  const [typed, setTyped] = useState<string | null>(null);

  return (
    <li className={cn("grid gap-3 rounded-md border p-3", row.selected ? "bg-card" : "bg-muted/50 text-muted-foreground")}>
      <div className="flex items-start gap-3">
        <input
          id={ids.check}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={row.selected}
          disabled={disabled}
          aria-describedby={row.description ? ids.description : undefined}
          onChange={(event) => onChange({ selected: event.target.checked })}
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={ids.check} className="text-sm font-medium wrap-anywhere">
              {row.title}
            </label>
            <Badge variant={priorityBadge[row.priority]}>{row.priority}</Badge>
          </div>
          {row.description ? (
            <p id={ids.description} className="line-clamp-4 text-sm wrap-anywhere whitespace-pre-line text-muted-foreground">
              {row.description}
            </p>
          ) : null}
          {row.steps.length > 0 ? (
            <ol aria-label={`Steps of ${row.title}`} className="ml-4 list-decimal text-sm wrap-anywhere text-muted-foreground">
              {row.steps.map((step, index) => (
                <li key={index}>{step}</li>
              ))}
            </ol>
          ) : null}
        </div>
      </div>
      <div className="grid grid-cols-[5.5rem_1fr] gap-3 sm:grid-cols-[9rem_12rem] sm:pl-7">
        <div className="grid gap-1">
          <Label htmlFor={ids.duration} className="text-xs">
            {/* A phone has room for the short label only. */}
            <span className="sm:hidden">Minutes</span>
            <span className="hidden sm:inline">Duration (minutes)</span>
            <span className="sr-only"> of {row.title}</span>
          </Label>
          <Input
            id={ids.duration}
            type="number"
            inputMode="numeric"
            min={ESTIMATED_DURATION_MIN_MINUTES}
            max={ESTIMATED_DURATION_MAX_MINUTES}
            step={DURATION_STEP}
            className="h-9"
            disabled={disabled}
            value={typed ?? String(row.estimatedDuration)}
            onChange={(event) => {
              setTyped(event.target.value);
              onChange({ estimatedDuration: clampDuration(event.target.value) });
            }}
            onBlur={() => setTyped(null)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={ids.date} className="text-xs">
            Schedule<span className="sr-only"> {row.title}</span>
          </Label>
          <Select
            id={ids.date}
            className="h-9 py-1"
            value={row.date}
            disabled={disabled}
            onChange={(event) => onChange({ date: event.target.value })}
          >
            <option value="">Unscheduled</option>
            {scheduleDays(today).map((day) => (
              <option key={day} value={day}>
                {dayLabel(day, today)}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </li>
  );
}
