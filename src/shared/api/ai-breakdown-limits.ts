// Apart from ai-breakdown.ts's zod schemas so that the dialog and the Analytics tab do not bring the schema library along (decision 013).
export const BREAKDOWN_CONTEXT_MAX_LENGTH = 2000;
export const ANALYTICS_WINDOW_DAYS = 30;
export const PLANNING_HISTORY_MAX_ENTRIES = 1000;
