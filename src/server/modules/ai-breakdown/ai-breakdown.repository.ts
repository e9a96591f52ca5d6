import { type Kysely, sql } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import { exportPages } from "../../db/export-pages.ts";
import type { AiBreakdownRow, Database } from "../../db/schema.ts";

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

export function aiBreakdownRepository(db: Kysely<Database>) {
  return {
    pageForExport: exportPages(db.selectFrom("aiBreakdowns").selectAll()),

    /** Each breakdown's provider and time: what an import matches a file's records against. */
    async listKeys(userId: string) {
      return db.selectFrom("aiBreakdowns").select(["provider", "createdAt"]).where("userId", "=", userId).execute();
    },

    /** Aggregates cast for PostgreSQL. */
    async sumSince(userId: string, since: string): Promise<{ shown: number; created: number }> {
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

    /** `suggestionsCreated` only from an import; a new breakdown has created none yet. */
    async insertBreakdown(
      userId: string,
      record: Omit<AiBreakdownRow, "userId" | "suggestionsCreated"> & { suggestionsCreated?: number },
    ): Promise<void> {
      await db
        .insertInto("aiBreakdowns")
        .values({ ...record, userId })
        .execute();
    },

    /** The goal is null once it was deleted; undefined: the user has no such breakdown. */
    async findBreakdownGoal(userId: string, breakdownId: string): Promise<{ goalId: string | null } | undefined> {
      return findBreakdownGoalQuery.takeFirst(db, { userId, breakdownId });
    },

    /** Never more than it showed: a second batch from the same breakdown cannot push the rate past 1. */
    async addSuggestionsCreated(userId: string, breakdownId: string, count: number): Promise<void> {
      await addSuggestionsCreatedQuery.execute(db, { userId, breakdownId, count });
    },
  };
}
