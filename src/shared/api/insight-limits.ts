// How many insights and weekly summaries each place shows, apart from the zod schemas in
// insights.ts so that the board's and the Insights page's first paint do not bring the schema
// library along (decision 013).

/** Spec section 9: the day card shows 3; the sidebar 1 weekly summary, the Insights page 4. */
export const DAY_CARD_INSIGHTS = 3;
export const SIDEBAR_WEEKLY_SUMMARIES = 1;
export const PAGE_WEEKLY_SUMMARIES = 4;
export const MAX_WEEKLY_SUMMARIES_LIMIT = 52;
