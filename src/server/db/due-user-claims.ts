// A per-job slot column on users, claimed with a lease so that one instance runs a user's job at a time (docs/decisions/006).
import { type Kysely, PostgresAdapter, type SelectExpression, type UpdateObject } from "kysely";
import type { Database } from "./schema.ts";

export type SlotColumn = "autoRolloverNextAt" | "weeklySummaryNextAt";

export function dueUserClaims<C extends SelectExpression<Database, "users">>(
  db: Kysely<Database>,
  slot: SlotColumn,
  columns: readonly C[],
) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const selectDue = (trx: Kysely<Database>, now: string, limit: number) =>
    trx.selectFrom("users").select(columns).where(slot, "<=", now).orderBy(slot).limit(limit);

  return {
    /** A tick with nobody due is one indexed read, outside any transaction. */
    async claimDueUsers(now: string, limit: number, leaseUntil: string) {
      if ((await selectDue(db, now, 1).execute()).length === 0) return [];
      return db.transaction().execute(async (trx) => {
        let query = selectDue(trx, now, limit);
        // Rows another instance is claiming at the same moment are skipped, not waited for.
        if (isPostgres) query = query.forUpdate().skipLocked();
        const due = await query.execute();
        if (due.length > 0) {
          await trx
            .updateTable("users")
            .set({ [slot]: leaseUntil })
            .where(
              "id",
              "in",
              due.map((user) => (user as unknown as { id: string }).id),
            )
            .execute();
        }
        return due;
      });
    },

    /** Unless the slot changed since the claim: a settings or zone write scheduled it anew. */
    async moveSlot(userId: string, leaseUntil: string, changes: UpdateObject<Database, "users">): Promise<void> {
      await db.updateTable("users").set(changes).where("id", "=", userId).where(slot, "=", leaseUntil).execute();
    },

    async moveSlots(leaseUntil: string, moves: ReadonlyArray<{ userId: string; changes: UpdateObject<Database, "users"> }>): Promise<void> {
      const groups = new Map<string, { userIds: string[]; changes: UpdateObject<Database, "users"> }>();
      for (const { userId, changes } of moves) {
        const key = JSON.stringify(changes);
        const group = groups.get(key);
        if (group) group.userIds.push(userId);
        else groups.set(key, { userIds: [userId], changes });
      }
      for (const { userIds, changes } of groups.values()) {
        await db.updateTable("users").set(changes).where("id", "in", userIds).where(slot, "=", leaseUntil).execute();
      }
    },
  };
}
