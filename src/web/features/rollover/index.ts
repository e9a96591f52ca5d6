// The rollover feature's public surface: pages and other features import from here only.
export { WrapUpDialog } from "./components/lazy-wrap-up-dialog.ts";
export type { WrapUpDialogProps } from "./components/wrap-up-dialog.tsx";
export { rolloverQueryKeys } from "./api/rollover-query-keys.ts";
export { rolloverSettingsQueryOptions, useRolloverSettings } from "./api/get-rollover-settings.ts";
export { useUpdateRolloverSettings } from "./api/update-rollover-settings.ts";
export { usePreviewRollover } from "./api/preview-rollover.ts";
export { useTriggerRollover } from "./api/trigger-rollover.ts";
export { rolloverSummaryQueryOptions, useRolloverSummary } from "./api/get-rollover-summary.ts";
export { RolloverSettingsPanel } from "./components/rollover-settings-panel.tsx";
