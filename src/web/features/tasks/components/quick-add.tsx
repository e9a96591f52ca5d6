import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { formatTime12h } from "../../../../shared/rules/format.ts";
import { parseQuickAdd, quickAddDate, type QuickAddResult, quickAddTaskInput } from "../../../../shared/rules/quick-add.ts";
import { describeRecurrence } from "../../../../shared/rules/recurrence-words.ts";
import { Input } from "../../../components/ui/input.tsx";
import { useMediaQuery } from "../../../hooks/use-media-query.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import { goalsQueryOptions } from "../../goals/index.ts";
import { useCreateTask } from "../api/create-task.ts";
import { futureDateLabel } from "../lib/day-labels.ts";
import { isolate } from "../../../lib/bidi.ts";

export const QUICK_ADD_EXAMPLE = "Write the report 45m tomorrow 9am #Launch";
// The spec does not word the quick add; a phone's narrower field gets an example it can show whole.
const PHONE_QUICK_ADD_EXAMPLE = "Call Anna 15m 9am";
export const QUICK_ADD_NO_TITLE = "Add a title: the words that are not a time, a day, an estimate or a goal";

export interface QuickAddProps {
  viewedDate: string;
  today: string;
}

function dayLabel(date: string | null, today: string): string {
  return futureDateLabel(date, today);
}

function previewParts(parsed: QuickAddResult, viewedDate: string, today: string): { label: string; value: string }[] {
  const date = quickAddDate(parsed, viewedDate);
  return [
    { label: "Title", value: parsed.title || "(none yet)" },
    { label: "Day", value: dayLabel(date, today) },
    ...(parsed.recurrence ? [{ label: "Repeats", value: describeRecurrence(parsed.recurrence) }] : []),
    ...(parsed.scheduledStartTime ? [{ label: "Start", value: formatTime12h(parsed.scheduledStartTime) }] : []),
    ...(parsed.estimatedDuration !== null ? [{ label: "Estimate", value: `${parsed.estimatedDuration} min` }] : []),
    ...(parsed.goal ? [{ label: "Goal", value: parsed.goal.title }] : []),
  ];
}

function previewWarnings(parsed: QuickAddResult, viewedDate: string, today: string): string[] {
  const date = quickAddDate(parsed, viewedDate);
  return [
    ...parsed.unused.map(({ text, reason }) => `Not used: ${text} (${reason})`),
    ...(date !== null && date < today ? [`${dayLabel(date, today)} is in the past`] : []),
  ];
}

export function QuickAdd({ viewedDate, today }: QuickAddProps) {
  const inputId = useId();
  const previewId = useId();
  const goals = useQuery(goalsQueryOptions()).data;
  const createTask = useCreateTask();
  const isWide = useMediaQuery("(min-width: 48rem)");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  const goalChoices = useMemo(() => (goals ?? []).map(({ id, title }) => ({ id, title })), [goals]);
  const parsed = useMemo(() => parseQuickAdd(text, { today, goals: goalChoices }), [text, today, goalChoices]);
  const hasText = text.trim() !== "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!hasText) return;
    if (parsed.title === "") {
      setError(QUICK_ADD_NO_TITLE);
      return;
    }
    const input = quickAddTaskInput(parsed, viewedDate);
    const line = text;
    // Cleared at once, the card shown at once: offline the create waits in the outbox.
    createTask.mutate(input, {
      // A refused line comes back to be fixed, unless the person has typed another meanwhile.
      onError: (failure) => {
        setText((current) => (current === "" ? line : current));
        setError(failure.message);
      },
    });
    setText("");
    setError(null);
    toast({
      title: "Task created successfully",
      description: `${isolate(input.title.trim())} · ${dayLabel(quickAddDate(parsed, viewedDate), today)}`,
    });
  }

  return (
    <form onSubmit={submit} className="mb-4" aria-label="Quick add">
      <label htmlFor={inputId} className="sr-only">
        Quick add a task
      </label>
      <div className="relative">
        <Plus className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <Input
          id={inputId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape" && text !== "") {
              event.preventDefault();
              setText("");
              setError(null);
            }
          }}
          placeholder={`Quick add: ${isWide ? QUICK_ADD_EXAMPLE : PHONE_QUICK_ADD_EXAMPLE}`}
          autoComplete="off"
          enterKeyHint="done"
          aria-describedby={previewId}
          aria-invalid={error ? true : undefined}
          className="pr-10 pl-9"
        />
      </div>
      {/* As high as the preview usually is (two lines on a phone), so typing does not move the board. */}
      <div id={previewId} className="mt-1.5 min-h-9 text-xs text-slate-600 sm:min-h-5">
        {error ? (
          <p role="alert" className="font-medium text-red-700">
            {error}
          </p>
        ) : hasText ? (
          <p className="flex flex-wrap gap-x-3 gap-y-1" data-testid="quick-add-preview">
            <span className="sr-only">Enter adds:</span>
            {previewParts(parsed, viewedDate, today).map(({ label, value }) => (
              <span key={label}>
                <span className="text-slate-500">{label}</span>{" "}
                <span className={cn("font-medium text-slate-900", label === "Title" && parsed.title === "" && "text-red-700")}>
                  {value}
                </span>
              </span>
            ))}
            {previewWarnings(parsed, viewedDate, today).map((warning) => (
              <span key={warning} className="font-medium text-amber-800">
                {warning}
              </span>
            ))}
          </p>
        ) : (
          <p>Add the details as you type (45m, tomorrow, 9am, #goal); Enter adds the task.</p>
        )}
      </div>
    </form>
  );
}
