import { useId } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { cn } from "../../../lib/utils.ts";
import {
  type CustomRepeat,
  REPEAT_COUNT_MAX,
  REPEAT_INTERVAL_MAX,
  type RepeatChoice,
  type RepeatEnd,
  type RepeatFrequency,
  WEEKDAY_CODES,
  WEEKDAY_LABELS,
  repeatOptions,
} from "../lib/repeat-rule.ts";

export interface RepeatFieldProps {
  /** The task's day; a task without one can not repeat. */
  date: string | null;
  repeat: RepeatChoice;
  customRepeat: CustomRepeat;
  error: string | null;
  onChange: (change: { repeat?: RepeatChoice; customRepeat?: CustomRepeat }) => void;
}

const UNIT_LABELS: Record<RepeatFrequency, [string, string]> = {
  DAILY: ["day", "days"],
  WEEKLY: ["week", "weeks"],
  MONTHLY: ["month", "months"],
};

const wholeNumber = (raw: string) => (raw.trim() === "" ? 0 : Number(raw));

/** The task dialog's Repeat select and, for Custom..., its editor (every n days/weeks/months, weekdays, end). */
export function RepeatField({ date, repeat, customRepeat, error, onChange }: RepeatFieldProps) {
  const ids = {
    select: useId(),
    message: useId(),
    interval: useId(),
    unit: useId(),
    weekdays: useId(),
    ends: useId(),
    until: useId(),
    count: useId(),
  };
  const custom = customRepeat;
  const setCustom = (change: Partial<CustomRepeat>) => onChange({ customRepeat: { ...custom, ...change } });
  const setEnd = (end: RepeatEnd) => setCustom({ end });
  const hint = date === null ? "Plan the task for a day to repeat it." : null;
  const showEditor = date !== null && repeat === "custom";
  return (
    <div className="grid gap-2">
      <Label htmlFor={ids.select}>Repeat</Label>
      <Select
        id={ids.select}
        value={date === null ? "none" : repeat}
        disabled={date === null}
        aria-describedby={hint || error ? ids.message : undefined}
        onChange={(event) => onChange({ repeat: event.target.value as RepeatChoice })}
      >
        {repeatOptions(date).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {showEditor ? (
        <fieldset className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Custom repeat</legend>
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor={ids.interval}>Every</Label>
            <Input
              id={ids.interval}
              type="number"
              inputMode="numeric"
              min={1}
              max={REPEAT_INTERVAL_MAX}
              className="w-20"
              value={custom.interval === 0 ? "" : String(custom.interval)}
              aria-invalid={error?.startsWith("Repeat every") ? true : undefined}
              onChange={(event) => setCustom({ interval: wholeNumber(event.target.value) })}
            />
            <label htmlFor={ids.unit} className="sr-only">
              Unit
            </label>
            <div className="w-32">
              <Select
                id={ids.unit}
                value={custom.frequency}
                onChange={(event) => setCustom({ frequency: event.target.value as RepeatFrequency })}
              >
                {(Object.keys(UNIT_LABELS) as RepeatFrequency[]).map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {UNIT_LABELS[frequency][custom.interval === 1 ? 0 : 1]}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          {custom.frequency === "WEEKLY" ? (
            <div role="group" aria-labelledby={ids.weekdays} className="grid gap-2">
              <span id={ids.weekdays} className="text-sm font-medium">
                On
              </span>
              <div className="grid grid-cols-7 gap-1">
                {WEEKDAY_CODES.map((code) => {
                  const pressed = custom.weekdays.includes(code);
                  return (
                    <Button
                      key={code}
                      size="sm"
                      variant="outline"
                      aria-pressed={pressed}
                      aria-label={WEEKDAY_LABELS[code]}
                      className={cn("h-9 w-full px-0", pressed && "border-indigo-500 bg-indigo-50 text-indigo-900")}
                      onClick={() =>
                        setCustom({ weekdays: pressed ? custom.weekdays.filter((day) => day !== code) : [...custom.weekdays, code] })
                      }
                    >
                      {WEEKDAY_LABELS[code].slice(0, 2)}
                    </Button>
                  );
                })}
              </div>
            </div>
          ) : null}
          <fieldset className="grid gap-2">
            <legend id={ids.ends} className="mb-2 text-sm font-medium">
              Ends
            </legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={ids.ends}
                checked={custom.end.kind === "never"}
                onChange={() => setEnd({ kind: "never" })}
                className="size-4 accent-indigo-600"
              />
              Never
            </label>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={ids.ends}
                  checked={custom.end.kind === "until"}
                  onChange={() => setEnd({ kind: "until", date: date ?? "" })}
                  className="size-4 accent-indigo-600"
                />
                On
              </label>
              <label htmlFor={ids.until} className="sr-only">
                End date
              </label>
              <Input
                id={ids.until}
                type="date"
                className="w-44"
                min={date ?? undefined}
                disabled={custom.end.kind !== "until"}
                value={custom.end.kind === "until" ? custom.end.date : ""}
                onChange={(event) => setEnd({ kind: "until", date: event.target.value })}
              />
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={ids.ends}
                  checked={custom.end.kind === "count"}
                  onChange={() => setEnd({ kind: "count", count: 10 })}
                  className="size-4 accent-indigo-600"
                />
                After
              </label>
              <Input
                id={ids.count}
                type="number"
                inputMode="numeric"
                min={1}
                max={REPEAT_COUNT_MAX}
                className="w-20"
                aria-label="Number of times"
                disabled={custom.end.kind !== "count"}
                value={custom.end.kind === "count" && custom.end.count !== 0 ? String(custom.end.count) : ""}
                onChange={(event) => setEnd({ kind: "count", count: wholeNumber(event.target.value) })}
              />
              <span>times</span>
            </div>
          </fieldset>
        </fieldset>
      ) : null}
      <FieldMessage id={ids.message} error={error} hint={hint} />
    </div>
  );
}
