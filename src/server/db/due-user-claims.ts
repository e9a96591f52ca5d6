// The scheduler's claim mechanism, shared by its jobs (docs/decisions/006 and 010): each user row
// carries, per job, the instant a scheduler should next look at them (an indexed column). A tick
// claims the due users in one transaction by pushing that instant to the end of a lease, so no
// other instance takes them meanwhile (on PostgreSQL, rows another instance is claiming at the same
// moment are skipped with FOR UPDATE SKIP LOCKED, not waited for); one that dies leaves them due
// again when the lease ends. When done, the job moves the slot on, unless it changed meanwhile.
import type { Kysely, SelectExpression, UpdateObject } from "kysely";
import type { Dialect } from "./database.ts";
import type { Database } from "./schema.ts";

/** The users' slot columns, one per job. */
export type SlotColumn = "autoRolloverNextAt" | "weeklySummaryNextAt";

export function dueUserClaims<C extends SelectExpression<Database, "users">>(
  db: Kysely<Database>,
  dialect: Dialect,
  slot: SlotColumn,
  columns: readonly C[],
) {
  const selectDue = (trx: Kysely<Database>, now: string, limit: number) =>
    trx.selectFrom("users").select(columns).where(slot, "<=", now).orderBy(slot).limit(limit);

  return {
    /**
     * Claims up to `limit` users due at `now` until `leaseUntil`. A tick with nobody due is one
     * indexed read, outside any transaction.
     */
    async claimDueUsers(now: string, limit: number, leaseUntil: string) {
      if ((await selectDue(db, now, 1).execute()).length === 0) return [];
      return db.transaction().execute(async (trx) => {
        let query = selectDue(trx, now, limit);
        if (dialect === "postgres") query = query.forUpdate().skipLocked();
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

    /** Moves a claimed user's slot on (`changes` sets it and any column kept with it), unless it changed since the claim. */
    async moveSlot(userId: string, leaseUntil: string, changes: UpdateObject<Database, "users">): Promise<void> {
      await db.updateTable("users").set(changes).where("id", "=", userId).where(slot, "=", leaseUntil).execute();
    },
  };
}
