import { useQuery } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { formatTime12h } from "../../../../shared/rules/format.ts";
import {
  parseQuickAdd,
  quickAddDate,
  type QuickAddKept,
  type QuickAddPart,
  type QuickAddResult,
  quickAddTaskInput,
} from "../../../../shared/rules/quick-add.ts";
import { describeRecurrence } from "../../../../shared/rules/recurrence-words.ts";
import { Input } from "../../../components/ui/input.tsx";
import { useMediaQuery } from "../../../hooks/use-media-query.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import { goalsQueryOptions } from "../../goals/index.ts";
import { useCreateTask } from "../api/create-task.ts";
import { futureDateLabel } from "../lib/day-labels.ts";
import { seriesStartText } from "../lib/series-start.ts";
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

interface PreviewPart {
  label: string;
  value: string;
  /** The words read for it, which its chip's button gives back to the title. */
  read?: { at: number; text: string };
}

function previewParts(parsed: QuickAddResult, viewedDate: string, today: string): PreviewPart[] {
  const date = quickAddDate(parsed, viewedDate);
  const readOf = (part: QuickAddPart) => parsed.understood.find((understood) => understood.part === part);
  const parts: (PreviewPart & { part?: QuickAddPart })[] = [
    { label: "Title", value: parsed.title || "(none yet)" },
    { label: "Day", value: dayLabel(date, today), part: "day" },
    ...(parsed.recurrence ? [{ label: "Repeats", value: describeRecurrence(parsed.recurrence), part: "repeat" as const }] : []),
    ...(parsed.scheduledStartTime ? [{ label: "Start", value: formatTime12h(parsed.scheduledStartTime), part: "time" as const }] : []),
    ...(parsed.estimatedDuration !== null
      ? [{ label: "Estimate", value: `${parsed.estimatedDuration} min`, part: "estimate" as const }]
      : []),
    ...(parsed.goal ? [{ label: "Goal", value: parsed.goal.title, part: "goal" as const }] : []),
  ];
  return parts.map(({ part, ...shown }) => {
    const read = part && readOf(part);
    return read ? { ...shown, read: { at: read.at, text: read.text } } : shown;
  });
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
  const [kept, setKept] = useState<QuickAddKept[]>([]);
  const field = useRef<HTMLInputElement>(null);

  const goalChoices = useMemo(() => (goals ?? []).map(({ id, title }) => ({ id, title })), [goals]);
  const parsed = useMemo(() => parseQuickAdd(text, { today, goals: goalChoices }, kept), [text, today, goalChoices, kept]);

  function clear() {
    setText("");
    setKept([]);
    setError(null);
  }
  const hasText = text.trim() !== "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!hasText) return;
    if (parsed.title === "") {
      setError(QUICK_ADD_NO_TITLE);
      return;
    }
    const input = quickAddTaskInput(parsed, viewedDate);
    const date = quickAddDate(parsed, viewedDate);
    const line = text;
    // Cleared at once, the card shown at once: offline the create waits in the outbox.
    createTask.mutate(input, {
      // A refused line comes back to be fixed, unless the person has typed another meanwhile.
      onError: (failure) => {
        setText((current) => (current === "" ? line : current));
        setError(failure.message);
      },
    });
    clear();
    toast({
      title: "Task created successfully",
      description: `${isolate(input.title.trim())} · ${
        parsed.recurrence && date ? seriesStartText(parsed.recurrence, date) : dayLabel(date, today)
      }`,
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
          ref={field}
          id={inputId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === "") setKept([]);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape" && text !== "") {
              event.preventDefault();
              clear();
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
      <div id={previewId} className="mt-1.5 min-h-9 text-xs text-slate-600 sm:min-h-6">
        {error ? (
          <p role="alert" className="font-medium text-red-700">
            {error}
          </p>
        ) : hasText ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="quick-add-preview">
            <span className="sr-only">Enter adds:</span>
            {previewParts(parsed, viewedDate, today).map(({ label, value, read }) => (
              <span
                key={label}
                className={cn(read && "inline-flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 pl-2")}
              >
                <span className="text-slate-500">{label}</span>{" "}
                <span className={cn("font-medium text-slate-900", label === "Title" && parsed.title === "" && "text-red-700")}>
                  {value}
                </span>
                {read ? (
                  <button
                    type="button"
                    className="ml-0.5 inline-flex size-6 items-center justify-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    aria-label={`Keep “${read.text}” in the title`}
                    title={`Keep “${read.text}” in the title`}
                    onClick={() => {
                      setKept((current) => [...current, read]);
                      field.current?.focus();
                    }}
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                ) : null}
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
