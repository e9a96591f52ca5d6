// The goal breakdown's and the AI analytics' limits (spec sections 3, 7 and 9), apart from the zod
// schemas in ai-breakdown.ts so that the breakdown dialog and the Analytics tab do not bring the
// schema library along (decision 013).
export const BREAKDOWN_CONTEXT_MAX_LENGTH = 2000;
/** Spec section 9: the analytics window is 30 days. */
export const ANALYTICS_WINDOW_DAYS = 30;
/** The most conversations one history answer lists (the newest). */
export const PLANNING_HISTORY_MAX_ENTRIES = 1000;
