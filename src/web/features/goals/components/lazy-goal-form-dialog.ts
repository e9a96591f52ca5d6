import { lazyDialog } from "../../../lib/lazy-dialog.tsx";
import type { GoalFormDialogProps } from "./goal-form-dialog.tsx";

/** The goal form, loaded on first open or when the page is idle (decision 013). */
export const GoalFormDialog = lazyDialog<GoalFormDialogProps>(
  () => import("./goal-form-dialog.tsx").then((module) => module.GoalFormDialog),
  (props) => props.open,
);
