import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";

export { WrapUpDialog } from "./components/lazy-wrap-up-dialog.ts";
export type { WrapUpDialogProps } from "./components/wrap-up-dialog.tsx";
export { rolloverQueryKeys } from "./api/rollover-query-keys.ts";
export { rolloverSettingsQueryOptions, useRolloverSettings } from "./api/get-rollover-settings.ts";
export { useUpdateRolloverSettings } from "./api/update-rollover-settings.ts";
export { usePreviewRollover } from "./api/preview-rollover.ts";
export { useTriggerRollover } from "./api/trigger-rollover.ts";
export { rolloverSummaryQueryOptions, useRolloverSummary } from "./api/get-rollover-summary.ts";

/** Lazy: it brings zod for its validation. */
export const RolloverSettingsPanel = lazyWithPreload(() =>
  import("./components/rollover-settings-panel.tsx").then((module) => module.RolloverSettingsPanel),
);
