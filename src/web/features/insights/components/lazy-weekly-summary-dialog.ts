import { lazyDialog } from "../../../lib/lazy-dialog.tsx";
import type { WeeklySummaryDialogProps } from "./weekly-summary-dialog.tsx";

/** A weekly summary's detail dialog, loaded on first open or when the page is idle (decision 013). */
export const WeeklySummaryDialog = lazyDialog<WeeklySummaryDialogProps>(
  () => import("./weekly-summary-dialog.tsx").then((module) => module.WeeklySummaryDialog),
  (props) => props.index !== null,
);
