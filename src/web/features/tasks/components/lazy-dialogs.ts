// The board's first paint needs no code that only a dialog uses (decision 013).
import { lazyDialog } from "../../../lib/lazy-dialog.tsx";
import type { DeleteTaskDialogProps } from "./delete-task-dialog.tsx";
import type { FutureTasksPanelProps } from "./future-tasks-panel.tsx";
import type { KeyboardShortcutsDialogProps } from "./keyboard-shortcuts-dialog.tsx";
import type { MoveTaskDialogProps } from "./move-task-dialog.tsx";
import type { TaskFormDialogProps } from "./task-form-dialog.tsx";

export const TaskFormDialog = lazyDialog<TaskFormDialogProps>(
  () => import("./task-form-dialog.tsx").then((module) => module.TaskFormDialog),
  (props) => props.open,
  { mountOnIdle: true },
);

export const DeleteTaskDialog = lazyDialog<DeleteTaskDialogProps>(
  () => import("./delete-task-dialog.tsx").then((module) => module.DeleteTaskDialog),
  (props) => props.task !== null,
);

export const KeyboardShortcutsDialog = lazyDialog<KeyboardShortcutsDialogProps>(
  () => import("./keyboard-shortcuts-dialog.tsx").then((module) => module.KeyboardShortcutsDialog),
  (props) => props.open,
);

export const FutureTasksPanel = lazyDialog<FutureTasksPanelProps>(
  () => import("./future-tasks-panel.tsx").then((module) => module.FutureTasksPanel),
  (props) => props.open,
);

export const MoveTaskDialog = lazyDialog<MoveTaskDialogProps>(
  () => import("./move-task-dialog.tsx").then((module) => module.MoveTaskDialog),
  (props) => props.task !== null,
);
