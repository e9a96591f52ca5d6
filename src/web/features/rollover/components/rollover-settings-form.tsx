import { Loader2, RotateCcw, Save } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
// The one form that validates with the schema itself (eslint.config.js: zod on the client).
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import {
  MAX_ROLLOVER_DAYS_MAX,
  MAX_ROLLOVER_DAYS_MIN,
  type RolloverSettings,
  rolloverSettingsSchema,
} from "../../../../shared/api/rollover.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { SettingsSection } from "../../../components/ui/settings-section.tsx";
import { Slider } from "../../../components/ui/slider.tsx";
import { SwitchRow } from "../../../components/ui/switch-row.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useUpdateRolloverSettings } from "../api/update-rollover-settings.ts";
import { useRolloverSettingsForm } from "../hooks/use-rollover-settings-form.ts";

type SwitchField = "autoRolloverEnabled" | "requireConfirmation" | "rolloverTodoTasks" | "stallInProgressTasks" | "deferLargeTasks";

export const SWITCHES: Record<SwitchField, { label: string; description: string }> = {
  autoRolloverEnabled: { label: "Auto rollover", description: "Close the day by itself at the time you choose." },
  requireConfirmation: {
    label: "Require confirmation",
    description: "Nothing moves until you complete the day's wrap-up yourself.",
  },
  rolloverTodoTasks: { label: "Roll over to-do tasks", description: "Tasks not started move on to the next day." },
  stallInProgressTasks: {
    label: "Stall in-progress tasks",
    description: "Tasks still in progress move on to the next day, marked stalled.",
  },
  deferLargeTasks: {
    label: "Defer large tasks",
    description: "Tasks estimated at over 2 hours become unscheduled instead of moving on.",
  },
};

const daysText = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;
export const TIME_HINT = "In your time zone.";
export const MAX_DAYS_HINT = `A task that has rolled over this many times is deferred (made unscheduled) instead. From ${MAX_ROLLOVER_DAYS_MIN} to ${MAX_ROLLOVER_DAYS_MAX}.`;

export function RolloverSettingsForm({ saved }: { saved: RolloverSettings }) {
  const form = useRolloverSettingsForm(saved);
  const update = useUpdateRolloverSettings();
  const [timeError, setTimeError] = useState<string | null>(null);
  const timeRef = useRef<HTMLInputElement>(null);
  const ids = { time: useId(), timeHint: useId(), timeError: useId(), days: useId(), daysHint: useId() };
  const { values } = form;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.hasUnsavedChanges || update.isPending) return;
    // A hidden time field (auto rollover off) keeps the saved time rather than block the save.
    const candidate =
      values.autoRolloverEnabled || rolloverSettingsSchema.shape.autoRolloverTime.safeParse(values.autoRolloverTime).success
        ? values
        : { ...values, autoRolloverTime: saved.autoRolloverTime };
    const parsed = rolloverSettingsSchema.safeParse(candidate);
    if (!parsed.success) {
      const timeIssue = parsed.error.issues.find((issue) => issue.path[0] === "autoRolloverTime");
      if (timeIssue) {
        setTimeError(`Rollover time ${timeIssue.message}`);
        timeRef.current?.focus();
      }
      return;
    }
    setTimeError(null);
    update.mutate(parsed.data, {
      onSuccess: (settings) => {
        form.markSaved(settings);
        toast({ title: "Settings saved", description: "Your rollover settings have been updated." });
      },
    });
  }

  function switchRow(field: SwitchField, children?: ReactNode) {
    return (
      <SwitchRow name={field} checked={values[field]} onCheckedChange={(checked) => form.setField(field, checked)} {...SWITCHES[field]}>
        {children}
      </SwitchRow>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Rollover settings" className="grid gap-4">
      <SettingsSection title="Automatic rollover">
        {switchRow(
          "autoRolloverEnabled",
          values.autoRolloverEnabled ? (
            <div className="mt-3 grid gap-1.5">
              <Label htmlFor={ids.time}>Rollover time</Label>
              <Input
                ref={timeRef}
                id={ids.time}
                type="time"
                step={60}
                required
                value={values.autoRolloverTime}
                onChange={(event) => {
                  form.setField("autoRolloverTime", event.target.value);
                  setTimeError(null);
                }}
                aria-invalid={timeError ? true : undefined}
                aria-describedby={timeError ? `${ids.timeError} ${ids.timeHint}` : ids.timeHint}
                className="w-40"
              />
              <p id={ids.timeHint} className="text-xs text-muted-foreground">
                {TIME_HINT}
              </p>
              {timeError ? (
                <p id={ids.timeError} className="text-sm text-destructive">
                  {timeError}
                </p>
              ) : null}
            </div>
          ) : null,
        )}
        {switchRow("requireConfirmation")}
      </SettingsSection>

      <SettingsSection title="Unfinished tasks">
        {switchRow("rolloverTodoTasks")}
        {switchRow("stallInProgressTasks")}
        {switchRow("deferLargeTasks")}
        <div className="grid gap-3 py-4">
          <div className="flex items-baseline justify-between gap-3">
            <span id={ids.days} className="text-sm leading-none font-medium">
              Max rollover days
            </span>
            <output htmlFor={ids.days} className="text-sm font-semibold tabular-nums" aria-hidden="true">
              {daysText(values.maxRolloverDays)}
            </output>
          </div>
          <Slider
            min={MAX_ROLLOVER_DAYS_MIN}
            max={MAX_ROLLOVER_DAYS_MAX}
            step={1}
            value={[values.maxRolloverDays]}
            onValueChange={([days]) => {
              if (days !== undefined) form.setField("maxRolloverDays", days);
            }}
            thumbProps={{
              "aria-labelledby": ids.days,
              "aria-describedby": ids.daysHint,
              "aria-valuetext": daysText(values.maxRolloverDays),
            }}
          />
          <p id={ids.daysHint} className="text-xs text-muted-foreground">
            {MAX_DAYS_HINT}
          </p>
        </div>
      </SettingsSection>

      {update.isError ? <FormError className="px-3 py-2 text-red-900">{update.error.message}</FormError> : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className="flex h-5 items-center gap-2 text-sm font-medium text-amber-900">
          {form.hasUnsavedChanges ? (
            <>
              <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" />
              Unsaved changes
            </>
          ) : null}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={form.resetToDefaults} disabled={update.isPending}>
            <RotateCcw aria-hidden="true" />
            Reset to defaults
          </Button>
          <Button type="submit" disabled={!form.hasUnsavedChanges || update.isPending}>
            {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            {update.isPending ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </div>
    </form>
  );
}
