import { Loader2, Send, Smartphone } from "lucide-react";
import { useId, useState } from "react";
import { PUSH_LEAD_MINUTES } from "../../../../shared/api/push-limits.ts";
import type { PushSettings } from "../../../../shared/api/push.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { SettingsSection } from "../../../components/ui/settings-section.tsx";
import { SwitchRow } from "../../../components/ui/switch-row.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { getErrorMessage } from "../../../lib/api-client.ts";
import {
  fetchVapidPublicKey,
  usePushDevices,
  usePushSettings,
  useRemoveDevice,
  useSaveDevice,
  useSendTestPush,
  useUpdatePushSettings,
} from "../api/push.ts";
import { useBrowserPermission } from "../hooks/use-browser-permission.ts";
import { readPushSupport, subscribeThisBrowser } from "../lib/push-subscription.ts";

export const PUSH_UNSUPPORTED_TEXT =
  "This browser has no push service, so Daywise cannot reach it while it is closed. Use Chrome, Edge, Firefox or Safari on this computer, or your phone.";
export const PUSH_IOS_TEXT =
  "On iPhone and iPad, notifications reach only the installed app: tap Share, then Add to Home Screen, open Daywise from there and come back here.";
export const PUSH_DENIED_TEXT =
  "Push notifications are blocked too: allow notifications for this site in your browser's site settings (the icon beside the address), then choose Send to this device again.";

const dateOf = (instant: string) => new Date(instant).toLocaleDateString(undefined, { dateStyle: "medium" });

export function PushSection() {
  const support = readPushSupport();
  const { permission, request } = useBrowserPermission();
  const devices = usePushDevices();
  const saveDevice = useSaveDevice();
  const removeDevice = useRemoveDevice();
  const sendTest = useSendTestPush();
  const [isAdding, setIsAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  async function addThisDevice() {
    setIsAdding(true);
    setAddError(null);
    try {
      if ((await request()) !== "granted") return;
      const subscription = await subscribeThisBrowser(await fetchVapidPublicKey());
      await saveDevice.mutateAsync(subscription);
      toast({ title: "This device will get notifications", description: "Send a test to see one arrive." });
    } catch (error) {
      setAddError(getErrorMessage(error, "This browser could not subscribe to notifications"));
    } finally {
      setIsAdding(false);
    }
  }

  async function test() {
    const answer = await sendTest.mutateAsync().catch(() => null);
    if (answer) toast({ title: "Test sent", description: `To ${answer.devices} ${answer.devices === 1 ? "device" : "devices"}.` });
  }

  const list = devices.data ?? [];
  return (
    <SettingsSection
      title="Push notifications"
      description="Reminders that reach your phone or computer even when Daywise is closed, on every device you add."
    >
      <div className="grid gap-3 py-4">
        {support === "ios-not-installed" ? <p className="text-sm">{PUSH_IOS_TEXT}</p> : null}
        {support === "unsupported" ? <p className="text-sm">{PUSH_UNSUPPORTED_TEXT}</p> : null}
        {support === "supported" && permission === "denied" ? <p className="text-sm">{PUSH_DENIED_TEXT}</p> : null}
        <div className="flex flex-wrap gap-2">
          {support === "supported" ? (
            <Button variant="outline" onClick={() => void addThisDevice()} disabled={isAdding || permission === "denied"}>
              {isAdding ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Smartphone aria-hidden="true" />}
              Send to this device
            </Button>
          ) : null}
          {list.length > 0 ? (
            <Button variant="outline" onClick={() => void test()} disabled={sendTest.isPending}>
              {sendTest.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
              Send a test
            </Button>
          ) : null}
        </div>
        {addError ? <FormError>{addError}</FormError> : null}
        {sendTest.isError ? <FormError>{sendTest.error.message}</FormError> : null}
        {devices.isError ? <FormError>{devices.error.message}</FormError> : null}
        {list.length > 0 ? (
          <ul aria-label="Devices" className="grid divide-y rounded-md border">
            {list.map((device) => (
              <li key={device.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="grid min-w-0">
                  <span className="text-sm font-medium">{device.deviceName}</span>
                  <span className="text-xs text-muted-foreground">
                    Added {dateOf(device.createdAt)}
                    {device.lastUsedAt ? `, last notified ${dateOf(device.lastUsedAt)}` : ""}
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${device.deviceName}`}
                  disabled={removeDevice.isPending}
                  onClick={() => removeDevice.mutate(device.id)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : devices.isSuccess ? (
          <p className="text-sm text-muted-foreground">No device gets push notifications yet.</p>
        ) : null}
      </div>
      <PushSettingsForm />
    </SettingsSection>
  );
}

function PushSettingsForm() {
  const settings = usePushSettings();
  const update = useUpdatePushSettings();
  const ids = { lead: useId(), wrapUp: useId(), quietStart: useId(), quietEnd: useId() };
  if (!settings.data) return settings.isError ? <FormError>{settings.error.message}</FormError> : null;
  const current = settings.data;
  const save = (changes: Partial<PushSettings>) => update.mutate(changes);
  const saveTime = (name: "wrapUpTime" | "quietStart" | "quietEnd", value: string) => {
    if (/^\d{2}:\d{2}$/.test(value)) save({ [name]: value });
  };
  return (
    <div className="grid">
      <SwitchRow
        name="pushTaskStart"
        label="Task starts"
        description="Before a task with a start time begins, once per task and time."
        checked={current.taskStart}
        onCheckedChange={(taskStart) => save({ taskStart })}
      >
        <div className="mt-2 flex items-center gap-2">
          <Label htmlFor={ids.lead} className="shrink-0">
            Remind me
          </Label>
          <Select
            id={ids.lead}
            width="w-48 max-w-full"
            value={String(current.taskStartLeadMinutes)}
            disabled={!current.taskStart}
            onChange={(event) => save({ taskStartLeadMinutes: Number(event.target.value) as PushSettings["taskStartLeadMinutes"] })}
          >
            {PUSH_LEAD_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes === 0 ? "at the start" : `${minutes} minutes before`}
              </option>
            ))}
          </Select>
        </div>
      </SwitchRow>
      <SwitchRow
        name="pushWrapUp"
        label="Wrap-up"
        description="'Time to wrap up your day' at the time you choose."
        checked={current.wrapUp}
        onCheckedChange={(wrapUp) => save({ wrapUp })}
      >
        <div className="mt-2 flex items-center gap-2">
          <Label htmlFor={ids.wrapUp}>At</Label>
          <Input
            id={ids.wrapUp}
            type="time"
            className="w-32"
            defaultValue={current.wrapUpTime}
            disabled={!current.wrapUp}
            onBlur={(event) => saveTime("wrapUpTime", event.target.value)}
          />
        </div>
      </SwitchRow>
      <SwitchRow
        name="pushRolledOver"
        label="Rolled-over tasks"
        description="The morning after Daywise closed your day: how many tasks moved to today."
        checked={current.rolledOver}
        onCheckedChange={(rolledOver) => save({ rolledOver })}
      />
      <SwitchRow
        name="pushStalled"
        label="Stalled tasks (push)"
        description="Once when a task stalls."
        checked={current.stalled}
        onCheckedChange={(stalled) => save({ stalled })}
      />
      <SwitchRow
        name="pushGoalDeadline"
        label="Goal deadlines (push)"
        description="Once a day while an active goal with tasks to do is due within 3 days, or overdue by up to 3."
        checked={current.goalDeadline}
        onCheckedChange={(goalDeadline) => save({ goalDeadline })}
      />
      <div className="grid gap-2 py-4">
        <p className="text-sm font-medium">Quiet hours</p>
        <p className="text-sm text-muted-foreground">Nothing is sent in these hours; what is still worth it arrives when they end.</p>
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={ids.quietStart}>From</Label>
          <Input
            id={ids.quietStart}
            type="time"
            className="w-32"
            defaultValue={current.quietStart}
            onBlur={(event) => saveTime("quietStart", event.target.value)}
          />
          <Label htmlFor={ids.quietEnd}>to</Label>
          <Input
            id={ids.quietEnd}
            type="time"
            className="w-32"
            defaultValue={current.quietEnd}
            onBlur={(event) => saveTime("quietEnd", event.target.value)}
          />
        </div>
      </div>
      {update.isError ? <FormError>{update.error.message}</FormError> : null}
    </div>
  );
}
