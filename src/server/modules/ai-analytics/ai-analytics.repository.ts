import { type Kysely, sql } from "kysely";
import type { AiConversationRow, Database } from "../../db/schema.ts";

export function aiAnalyticsRepository(db: Kysely<Database>) {
  return {
    /** The (user_id, created_at) index answers it. */
    async listConversationsSince(userId: string, since: string, limit: number): Promise<Omit<AiConversationRow, "userId">[]> {
      return db
        .selectFrom("aiConversations")
        .select(["id", "provider", "inputTokens", "outputTokens", "createdAt"])
        .where("userId", "=", userId)
        .where("createdAt", ">=", since)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
    },

    /** Aggregates cast for PostgreSQL. */
    async sumBreakdownsSince(userId: string, since: string): Promise<{ shown: number; created: number }> {
      const row = await db
        .selectFrom("aiBreakdowns")
        .select([
          sql<number>`cast(coalesce(sum(${sql.ref("suggestionsShown")}), 0) as integer)`.as("shown"),
          sql<number>`cast(coalesce(sum(${sql.ref("suggestionsCreated")}), 0) as integer)`.as("created"),
        ])
        .where("userId", "=", userId)
        .where("createdAt", ">=", since)
        .executeTakeFirstOrThrow();
      return { shown: Number(row.shown), created: Number(row.created) };
    },
  };
}
