import type { Kysely } from "kysely";
import {
  type AcceptanceRateResponse,
  PLANNING_HISTORY_MAX_ENTRIES,
  type PlanningHistoryResponse,
} from "../../../shared/api/ai-breakdown.ts";
import type { Database } from "../../db/schema.ts";
import { aiBreakdownRecords } from "../ai-breakdown/ai-breakdown.service.ts";
import { aiConversationRecords } from "../ai-chat/ai-chat.service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export function aiAnalyticsService({ kysely, now }: { kysely: Kysely<Database>; now: () => Date }) {
  const breakdowns = aiBreakdownRecords(kysely);
  const conversations = aiConversationRecords(kysely);
  const windowStart = (days: number) => new Date(now().getTime() - days * DAY_MS).toISOString();

  return {
    /** Suggestions created / shown by the breakdowns of the last `days` days; 0 when none were shown. */
    async acceptanceRate(userId: string, days: number): Promise<AcceptanceRateResponse> {
      const { shown, created } = await breakdowns.sumSince(userId, windowStart(days));
      return { acceptanceRate: shown === 0 ? 0 : Math.min(1, created / shown) };
    },

    async planningHistory(userId: string, days: number): Promise<PlanningHistoryResponse> {
      return { conversations: await conversations.listSince(userId, windowStart(days), PLANNING_HISTORY_MAX_ENTRIES) };
    },
  };
}
