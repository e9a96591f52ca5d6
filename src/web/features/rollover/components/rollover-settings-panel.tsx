import { AlertCircle, Loader2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { LOAD_ROLLOVER_SETTINGS_ERROR, useRolloverSettings } from "../api/get-rollover-settings.ts";
import { RolloverSettingsForm, SettingsSection } from "./rollover-settings-form.tsx";

/** The Settings page's Rollover tab: the form once the settings are loaded (spec section 8 on failure). */
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

/** The form's shape with the defaults' rows (the time field shown), so loading does not make the page jump. */
function RolloverSettingsSkeleton() {
  const row = (key: number, extra?: boolean) => (
    <div key={key} className="py-4">
      <div className="flex items-start justify-between gap-4">
        <div className="grid flex-1 gap-1">
          <Skeleton className="my-px h-3.5 w-36" />
          <Skeleton className="my-0.5 h-4 w-full max-w-72" />
        </div>
        <Skeleton className="h-6 w-11 rounded-full" />
      </div>
      {extra ? (
        <div className="mt-3 grid gap-1.5">
          <Skeleton className="h-3.5 w-24" />
          <Skeleton className="h-10 w-40" />
          <Skeleton className="h-4 w-28" />
        </div>
      ) : null}
    </div>
  );
  return (
    <div role="status" aria-label="Loading rollover settings" className="grid gap-4">
      <SettingsSection title="Automatic rollover">{[row(1, true), row(2)]}</SettingsSection>
      <SettingsSection title="Unfinished tasks">
        {[row(3), row(4), row(5)]}
        <div className="grid gap-3 py-4">
          <div className="flex justify-between">
            <Skeleton className="h-3.5 w-32" />
            <Skeleton className="h-3.5 w-12" />
          </div>
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      </SettingsSection>
      <div className="h-10" />
    </div>
  );
}
