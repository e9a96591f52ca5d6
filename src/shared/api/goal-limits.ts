// Apart from goals.ts's zod schemas so that the goal dialog does not bring the schema library along (decision 013).
export const goalStatuses = ["active", "paused", "completed"] as const;
export const GOAL_TITLE_MAX_LENGTH = 200;
export const GOAL_DESCRIPTION_MAX_LENGTH = 5000;
