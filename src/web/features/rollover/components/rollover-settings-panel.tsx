import { AlertCircle, Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { SettingsSection } from "../../../components/ui/settings-section.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { cn } from "../../../lib/utils.ts";
import { LOAD_ROLLOVER_SETTINGS_ERROR, useRolloverSettings } from "../api/get-rollover-settings.ts";
import { MAX_DAYS_HINT, RolloverSettingsForm, SWITCHES, TIME_HINT } from "./rollover-settings-form.tsx";

export function RolloverSettingsPanel() {
  const settings = useRolloverSettings();
  if (settings.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-5 text-red-900">
        <p className="flex items-start gap-2 font-semibold">
          <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {LOAD_ROLLOVER_SETTINGS_ERROR}. Please try refreshing the page.
        </p>
        <Button variant="outline" onClick={() => void settings.refetch()} disabled={settings.isFetching}>
          {settings.isFetching ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Try again
        </Button>
      </div>
    );
  }
  if (!settings.data) return <RolloverSettingsSkeleton />;
  return <RolloverSettingsForm saved={settings.data} />;
}

/** Bars that wrap exactly as the text will, so the loaded form takes the same room. */
function TextBars({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span className={cn("animate-pulse rounded bg-muted box-decoration-clone text-transparent select-none", className)}>{children}</span>
  );
}

/** The form's own layout and texts, so loading does not make the page jump at any width. */
function RolloverSettingsSkeleton() {
  const row = (field: keyof typeof SWITCHES, extra?: ReactNode) => (
    <div key={field} className="py-4">
      <div className="flex items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <span className="text-sm leading-none font-medium">
            <TextBars>{SWITCHES[field].label}</TextBars>
          </span>
          <p className="text-sm">
            <TextBars>{SWITCHES[field].description}</TextBars>
          </p>
        </div>
        <Skeleton className="h-6 w-11 shrink-0 rounded-full" />
      </div>
      {extra}
    </div>
  );
  return (
    <div role="status" aria-label="Loading rollover settings" aria-busy="true" className="grid gap-4">
      <div aria-hidden="true" className="contents">
        <SettingsSection title="Automatic rollover">
          {row(
            "autoRolloverEnabled",
            <div className="mt-3 grid gap-1.5">
              <span className="text-sm leading-none font-medium">
                <TextBars>Rollover time</TextBars>
              </span>
              <Skeleton className="h-10 w-40" />
              <p className="text-xs">
                <TextBars>{TIME_HINT}</TextBars>
              </p>
            </div>,
          )}
          {row("requireConfirmation")}
        </SettingsSection>
        <SettingsSection title="Unfinished tasks">
          {row("rolloverTodoTasks")}
          {row("stallInProgressTasks")}
          {row("deferLargeTasks")}
          <div className="grid gap-3 py-4">
            <div className="flex items-baseline justify-between gap-3">
              <span className="text-sm leading-none font-medium">
                <TextBars>Max rollover days</TextBars>
              </span>
              <span className="text-sm font-semibold">
                <TextBars>7 days</TextBars>
              </span>
            </div>
            <Skeleton className="h-6 w-full" />
            <p className="text-xs">
              <TextBars>{MAX_DAYS_HINT}</TextBars>
            </p>
          </div>
        </SettingsSection>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="h-5" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Skeleton className="h-10 sm:w-40" />
            <Skeleton className="h-10 sm:w-36" />
          </div>
        </div>
      </div>
    </div>
  );
}
