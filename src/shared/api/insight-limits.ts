// Apart from insights.ts's zod schemas so that first paints do not bring the schema library along (decision 013).

export const DAY_CARD_INSIGHTS = 3;
export const SIDEBAR_WEEKLY_SUMMARIES = 1;
export const PAGE_WEEKLY_SUMMARIES = 4;
export const MAX_WEEKLY_SUMMARIES_LIMIT = 52;
