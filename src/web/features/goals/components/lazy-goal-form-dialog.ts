import { lazyDialog } from "../../../lib/lazy-dialog.tsx";
import type { GoalFormDialogProps } from "./goal-form-dialog.tsx";

/** Loaded on first open or when idle: the page's first paint does not need it (decision 013). */
export const GoalFormDialog = lazyDialog<GoalFormDialogProps>(
  () => import("./goal-form-dialog.tsx").then((module) => module.GoalFormDialog),
  (props) => props.open,
);
