import { lazyDialog } from "../../../lib/lazy-dialog.tsx";
import type { WeeklySummaryDialogProps } from "./weekly-summary-dialog.tsx";

export const WeeklySummaryDialog = lazyDialog<WeeklySummaryDialogProps>(
  () => import("./weekly-summary-dialog.tsx").then((module) => module.WeeklySummaryDialog),
  (props) => props.index !== null,
);
