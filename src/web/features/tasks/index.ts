// The tasks feature's public surface: pages and other features import from here only.
export { TaskFormDialog, type TaskFormDialogProps } from "./components/task-form-dialog.tsx";
export { TaskBoard } from "./components/task-board.tsx";
export { TaskCard, type TaskCardActions } from "./components/task-card.tsx";
export { DayHeader } from "./components/day-header.tsx";
export { DayProgress } from "./components/day-progress.tsx";
export { StalledBanner } from "./components/stalled-banner.tsx";
export { BoardSkeleton, EmptyBoard } from "./components/board-placeholders.tsx";
export { DeleteTaskDialog } from "./components/delete-task-dialog.tsx";
export { FutureTasksPanel } from "./components/future-tasks-panel.tsx";
export { InsightsSidebar } from "./components/insights-sidebar.tsx";
export { useBoardTasks } from "./hooks/use-board-tasks.ts";
export { useDayStats } from "./api/get-day-stats.ts";
export { useTaskMoves } from "./hooks/use-task-moves.ts";
export { useTimeZone } from "./hooks/use-time-zone.ts";
export { useToday } from "./hooks/use-today.ts";
export { useViewedDate } from "./hooks/use-viewed-date.ts";
export { taskQueryKeys } from "./api/task-query-keys.ts";
export { fullDateLabel } from "./lib/day-labels.ts";
