// The auto rollover scheduler's queries: finding and claiming the users whose rollover is due, and
// moving their slot on (migration 0006; docs/decisions/006-rollover-exactly-once.md).
import type { Kysely } from "kysely";
import type { Dialect } from "../db/database.ts";
import type { Database } from "../db/schema.ts";

export interface DueUser {
  id: string;
  timeZone: string;
  /** The first day not yet closed automatically. */
  autoRolloverDay: string | null;
}

const dueColumns = ["id", "timeZone", "autoRolloverDay"] as const;

export function autoRolloverRepository(db: Kysely<Database>, dialect: Dialect) {
  const selectDue = (trx: Kysely<Database>, now: string, limit: number) =>
    trx
      .selectFrom("users")
      .select(dueColumns)
      .where("autoRolloverNextAt", "<=", now)
      .orderBy("autoRolloverNextAt")
      .limit(limit);

  return {
    /**
     * Claims up to `limit` due users for this scheduler until `leaseUntil`: their next look is
     * pushed to the lease's end, so no other scheduler takes them meanwhile, and one that dies
     * mid-way leaves them to be taken again when the lease ends. On PostgreSQL, rows another
     * instance is claiming at the same moment are skipped (FOR UPDATE SKIP LOCKED), not waited for.
     * A tick with nobody due is one indexed read, outside any transaction.
     */
    async claimDueUsers(now: string, limit: number, leaseUntil: string): Promise<DueUser[]> {
      if ((await selectDue(db, now, 1).execute()).length === 0) return [];
      return db.transaction().execute(async (trx) => {
        let query = selectDue(trx, now, limit);
        if (dialect === "postgres") query = query.forUpdate().skipLocked();
        const due = await query.execute();
        if (due.length > 0) {
          await trx
            .updateTable("users")
            .set({ autoRolloverNextAt: leaseUntil })
            .where("id", "in", due.map((user) => user.id))
            .execute();
        }
        return due;
      });
    },

    /**
     * Moves a claimed user's slot to the next day to close (or clears it), unless their slot
     * changed since the claim (they saved settings or a new zone, which scheduled it anew).
     */
    async moveSlot(userId: string, leaseUntil: string, next: { day: string; at: string } | null): Promise<void> {
      await db
        .updateTable("users")
        .set({ autoRolloverDay: next?.day ?? null, autoRolloverNextAt: next?.at ?? null })
        .where("id", "=", userId)
        .where("autoRolloverNextAt", "=", leaseUntil)
        .execute();
    },
  };
}
