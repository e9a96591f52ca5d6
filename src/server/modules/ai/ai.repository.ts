// AI queries only. Every function takes the user's id first. Bind to the database or to a
// transaction: aiRepository(trx).
import { type Kysely, sql } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import type { Database } from "../../db/schema.ts";

/** A chat exchange as kept for the analytics: never its text (docs/decisions/009). */
export interface ConversationRecord {
  id: string;
  provider: string;
  inputTokens: number | null;
  outputTokens: number | null;
  createdAt: string;
}

export interface BreakdownRecord {
  id: string;
  goalId: string;
  provider: string;
  suggestionsShown: number;
  inputTokens: number | null;
  outputTokens: number | null;
  createdAt: string;
}

// Compiled once: every chat exchange is recorded.
const insertConversationQuery = compiledQuery(
  (db, p: { id: string; userId: string; provider: string; inputTokens: number | null; outputTokens: number | null; createdAt: string }) =>
    db.insertInto("aiConversations").values({
      id: p.id,
      userId: p.userId,
      provider: p.provider,
      inputTokens: p.inputTokens,
      outputTokens: p.outputTokens,
      createdAt: p.createdAt,
    }),
);

// Compiled once: every batch of a breakdown's tasks reads the breakdown and counts what it created.
const findBreakdownGoalQuery = compiledQuery((db, p: { userId: string; breakdownId: string }) =>
  db.selectFrom("aiBreakdowns").select("goalId").where("userId", "=", p.userId).where("id", "=", p.breakdownId),
);

const addSuggestionsCreatedQuery = compiledQuery((db, p: { userId: string; breakdownId: string; count: number }) =>
  db
    .updateTable("aiBreakdowns")
    .set({
      suggestionsCreated: sql<number>`case when ${sql.ref("suggestionsCreated")} + ${p.count} > ${sql.ref("suggestionsShown")}
            then ${sql.ref("suggestionsShown")} else ${sql.ref("suggestionsCreated")} + ${p.count} end`,
    })
    .where("userId", "=", p.userId)
    .where("id", "=", p.breakdownId),
);

export function aiRepository(db: Kysely<Database>) {
  return {
    /** One chat exchange, kept for the AI analytics (spec section 3 "AI analytics and planning history"). */
    async insertConversation(userId: string, record: ConversationRecord): Promise<void> {
      await insertConversationQuery.execute(db, { ...record, userId });
    },

    /** The exchanges since the instant, newest first, at most `limit` (the (user_id, created_at) index). */
    async listConversationsSince(userId: string, since: string, limit: number): Promise<ConversationRecord[]> {
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

    async insertBreakdown(userId: string, record: BreakdownRecord): Promise<void> {
      await db
        .insertInto("aiBreakdowns")
        .values({ ...record, userId })
        .execute();
    },

    /** The breakdown's goal (null once the goal was deleted), or undefined when the user has no such breakdown. */
    async findBreakdownGoal(userId: string, breakdownId: string): Promise<{ goalId: string | null } | undefined> {
      return findBreakdownGoalQuery.takeFirst(db, { userId, breakdownId });
    },

    /**
     * Counts `count` more of the breakdown's suggestions as created, never more than it showed (a
     * second batch from the same breakdown cannot push the rate past 1).
     */
    async addSuggestionsCreated(userId: string, breakdownId: string, count: number): Promise<void> {
      await addSuggestionsCreatedQuery.execute(db, { userId, breakdownId, count });
    },

    /** Suggestions shown and created by the breakdowns made since the instant; aggregates cast for PostgreSQL. */
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
