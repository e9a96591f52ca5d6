export { FETCH_GOALS_ERROR, getGoals, GOALS_PATH, goalsQueryKey, goalsQueryOptions, useGoals } from "./api/get-goals.ts";
export { useCreateGoal } from "./api/create-goal.ts";
export { useDeleteGoal } from "./api/delete-goal.ts";
export { useUpdateGoal } from "./api/update-goal.ts";
export { GoalFormDialog } from "./components/lazy-goal-form-dialog.ts";
export { GoalsOverview } from "./components/goals-overview.tsx";
