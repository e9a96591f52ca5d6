// The assistant's proposals (migration 0016). Every function takes the owner's id first. Bind to the
// database or to a transaction: proposalsRepository(trx).
import type { Kysely, Selectable } from "kysely";
import type { AiProposalsTable, Database } from "../../db/schema.ts";

export type ProposalRow = Selectable<AiProposalsTable>;
export type NewProposalRow = Omit<ProposalRow, "userId" | "appliedChangeIds" | "undoSnapshot" | "appliedAt" | "undoUntil" | "closedAt">;

export function proposalsRepository(db: Kysely<Database>) {
  return {
    async insert(userId: string, row: NewProposalRow): Promise<void> {
      await db
        .insertInto("aiProposals")
        .values({ ...row, userId })
        .execute();
    },

    async find(userId: string, id: string): Promise<ProposalRow | undefined> {
      return db.selectFrom("aiProposals").selectAll().where("userId", "=", userId).where("id", "=", id).executeTakeFirst();
    },

    /** The newest open, unexpired proposal of this tool with exactly these changes. */
    async findOpenAlike(userId: string, tool: string, changes: string, at: string): Promise<ProposalRow | undefined> {
      return db
        .selectFrom("aiProposals")
        .selectAll()
        .where("userId", "=", userId)
        .where("tool", "=", tool)
        .where("status", "=", "open")
        .where("expiresAt", ">", at)
        .where("changes", "=", changes)
        .orderBy("createdAt", "desc")
        .limit(1)
        .executeTakeFirst();
    },

    /** open -> applied, only while it is open and unexpired: of two applies, one wins. Returns whether this one did. */
    async claimForApply(userId: string, id: string, at: string, fields: { appliedChangeIds: string; undoUntil: string }): Promise<boolean> {
      const result = await db
        .updateTable("aiProposals")
        .set({ status: "applied", appliedAt: at, ...fields })
        .where("userId", "=", userId)
        .where("id", "=", id)
        .where("status", "=", "open")
        .where("expiresAt", ">", at)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** What apply did: the created tasks' ids in the changes, and what undo restores. */
    async storeApplied(userId: string, id: string, fields: { changes: string; undoSnapshot: string }): Promise<void> {
      await db.updateTable("aiProposals").set(fields).where("userId", "=", userId).where("id", "=", id).execute();
    },

    /** applied -> undone, only within the undo window. */
    async claimForUndo(userId: string, id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable("aiProposals")
        .set({ status: "undone", undoUntil: null, closedAt: at })
        .where("userId", "=", userId)
        .where("id", "=", id)
        .where("status", "=", "applied")
        .where("undoUntil", ">", at)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** open -> dismissed or expired. */
    async close(userId: string, id: string, status: "dismissed" | "expired", at: string): Promise<boolean> {
      const result = await db
        .updateTable("aiProposals")
        .set({ status, closedAt: at })
        .where("userId", "=", userId)
        .where("id", "=", id)
        .where("status", "=", "open")
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
