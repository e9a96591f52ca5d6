import { Loader2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { DEFAULT_WORKDAY_END, DEFAULT_WORKDAY_START } from "../../../../shared/rules/day-plan.ts";
import { NeedsConnection } from "../../../components/needs-connection.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage } from "../../../components/ui/form-field.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { SettingsSection } from "../../../components/ui/settings-section.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { useOnline } from "../../../lib/online.ts";
import { useUpdatePreferences, useUser } from "../../session/index.ts";

export const WORKING_HOURS_SAVED = "Working hours saved";
const END_BEFORE_START = "The end must be after the start.";

/** Settings' Working hours tab: the Timeline's day and the free time 'Plan my day' fills. */
export function WorkingHoursPanel() {
  const user = useUser().data;
  const saved = { start: user?.workdayStart ?? DEFAULT_WORKDAY_START, end: user?.workdayEnd ?? DEFAULT_WORKDAY_END };
  const [draft, setDraft] = useState<{ start: string; end: string } | null>(null);
  const hours = draft ?? saved;
  const update = useUpdatePreferences();
  const isOnline = useOnline();
  const ids = { start: useId(), end: useId(), endMessage: useId(), offline: useId() };
  const isValid = hours.start !== "" && hours.end !== "" && hours.start < hours.end;
  const isChanged = hours.start !== saved.start || hours.end !== saved.end;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValid || !isChanged) return;
    update.mutate(
      { workdayStart: hours.start, workdayEnd: hours.end },
      {
        onSuccess: () => {
          setDraft(null);
          toast({ title: WORKING_HOURS_SAVED, description: `Your day runs from ${hours.start} to ${hours.end}.` });
        },
      },
    );
  }

  return (
    <SettingsSection
      title="Working hours"
      description="The Timeline shows this part of the day, and Plan my day fills only free time inside it."
    >
      <form onSubmit={submit} className="grid gap-4 py-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={ids.start}>Start</Label>
            <Input
              id={ids.start}
              type="time"
              step={300}
              required
              value={hours.start}
              onChange={(event) => setDraft({ ...hours, start: event.target.value })}
            />
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={ids.end}>End</Label>
            <Input
              id={ids.end}
              type="time"
              step={300}
              required
              value={hours.end}
              aria-invalid={!isValid}
              aria-describedby={ids.endMessage}
              onChange={(event) => setDraft({ ...hours, end: event.target.value })}
            />
            <FieldMessage id={ids.endMessage} error={isValid ? undefined : END_BEFORE_START} />
          </div>
        </div>
        {update.isError ? <FormError>{getErrorMessage(update.error, "Could not save your working hours")}</FormError> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            disabled={!isOnline || !isValid || !isChanged || update.isPending}
            aria-describedby={isOnline ? undefined : ids.offline}
          >
            {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Save working hours
          </Button>
          {isOnline ? null : <NeedsConnection id={ids.offline} />}
        </div>
      </form>
    </SettingsSection>
  );
}
