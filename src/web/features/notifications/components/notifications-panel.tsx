import { Bell, BellOff, BellRing, Loader2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SettingsSection } from "../../../components/ui/settings-section.tsx";
import { SwitchRow } from "../../../components/ui/switch-row.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useBrowserPermission } from "../hooks/use-browser-permission.ts";
import { useNotificationPreferences } from "../hooks/use-notification-preferences.ts";
import { type BrowserPermission, showBrowserNotification } from "../lib/browser-notifications.ts";
import { type NotificationPreference, setPreference } from "../lib/notification-preferences.ts";
import { GOAL_DEADLINE_NOTICE_DAYS } from "../rules/goal-deadline.ts";
import { PushSection } from "./push-section.tsx";

export const PREFERENCES_SAVED_TOAST = { title: "Preferences Saved", description: "Your notification settings have been updated." };
export const PERMISSION_DENIED_TOAST = {
  title: "Permission Denied",
  description: "Browser notifications require permission to work.",
  variant: "destructive",
} as const;
export const UNSUPPORTED_TEXT = "Your browser doesn't support notifications.";

type KindPreference = Exclude<NotificationPreference, "browserNotifications">;

export const KIND_SWITCHES: { name: KindPreference; label: string; description: string }[] = [
  {
    name: "stalledTasks",
    label: "Stalled tasks",
    description: "When a task runs past 150% of its estimate. At most once an hour per task.",
  },
  {
    name: "completionCelebrations",
    label: "Completion celebrations",
    description: "A little celebration the moment you complete a task.",
  },
  {
    name: "goalDeadlines",
    label: "Goal deadlines",
    description: `Once a day when an active goal with tasks still to do is due today or within ${GOAL_DEADLINE_NOTICE_DAYS} days.`,
  },
  {
    name: "procrastinationAlerts",
    label: "Procrastination alerts",
    description: "A gentle reminder, once a day, when a to-do task is still not started over an hour after its scheduled time.",
  },
  {
    name: "dailyInsights",
    label: "Daily insights",
    description: "When new high-priority insights about your day are ready.",
  },
];

const PERMISSION_LABELS: Record<
  Exclude<BrowserPermission, "unsupported">,
  { text: string; variant: "success" | "destructive" | "secondary" }
> = {
  granted: { text: "Enabled", variant: "success" },
  denied: { text: "Blocked", variant: "destructive" },
  default: { text: "Disabled", variant: "secondary" },
};

export const TEST_NOTIFICATION = {
  title: "Browser notifications are on",
  body: "Daywise will notify you here about stalled tasks, deadlines and more.",
};

function savePreference(name: NotificationPreference, value: boolean): void {
  setPreference(name, value);
  toast(PREFERENCES_SAVED_TOAST);
}

export function NotificationsPanel() {
  const preferences = useNotificationPreferences();
  const { permission, request } = useBrowserPermission();
  const [isRequesting, setIsRequesting] = useState(false);
  const isGranted = permission === "granted";

  async function enableBrowserNotifications() {
    setIsRequesting(true);
    try {
      const answer = await request();
      if (answer === "granted") {
        savePreference("browserNotifications", true);
        showBrowserNotification({ ...TEST_NOTIFICATION, tag: "daywise-test" });
      } else {
        toast(PERMISSION_DENIED_TOAST);
      }
    } finally {
      setIsRequesting(false);
    }
  }

  return (
    <div className="grid gap-4">
      <SettingsSection
        title="Notify me about"
        description="Shown in the app as a notice at the corner of the screen. Saved in this browser."
      >
        {KIND_SWITCHES.map(({ name, label, description }) => (
          <SwitchRow
            key={name}
            name={name}
            label={label}
            description={description}
            checked={preferences[name]}
            onCheckedChange={(checked) => savePreference(name, checked)}
          />
        ))}
      </SettingsSection>

      <SettingsSection
        title="Browser notifications"
        description="Also show them as your system's notifications, even while Daywise is in another tab."
      >
        {permission === "unsupported" ? (
          <p className="py-4 text-sm">{UNSUPPORTED_TEXT}</p>
        ) : (
          <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="grid gap-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                Browser permission:
                <Badge variant={PERMISSION_LABELS[permission].variant}>
                  {permission === "granted" ? (
                    <BellRing aria-hidden="true" />
                  ) : permission === "denied" ? (
                    <BellOff aria-hidden="true" />
                  ) : (
                    <Bell aria-hidden="true" />
                  )}
                  {PERMISSION_LABELS[permission].text}
                </Badge>
              </p>
              {permission === "denied" ? (
                <p className="text-sm text-muted-foreground">
                  Notifications are blocked for this site. Allow them in your browser&apos;s site settings, then try again.
                </p>
              ) : null}
            </div>
            {isGranted ? null : (
              <Button
                variant="outline"
                className="self-start sm:self-auto"
                onClick={() => void enableBrowserNotifications()}
                disabled={isRequesting}
              >
                {isRequesting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Bell aria-hidden="true" />}
                Enable
              </Button>
            )}
          </div>
        )}
        <SwitchRow
          name="browserNotifications"
          label="Show browser notifications"
          description={
            isGranted ? "A click on one brings you to the task, the goal or your insights." : "Needs the browser's permission first."
          }
          checked={isGranted && preferences.browserNotifications}
          disabled={!isGranted}
          onCheckedChange={(checked) => savePreference("browserNotifications", checked)}
        />
      </SettingsSection>

      <PushSection />
    </div>
  );
}
