// The users' auto rollover slot: users.auto_rollover_day and auto_rollover_next_at (migration 0006).
import type { Kysely } from "kysely";
import { dueUserClaims } from "../../db/due-user-claims.ts";
import type { Database, UserRow } from "../../db/schema.ts";

export type DueUser = Pick<UserRow, "id" | "timeZone" | "autoRolloverDay">;

export type AutoRolloverSlot = Pick<UserRow, "autoRolloverDay" | "autoRolloverNextAt">;

export function autoRolloverRepository(db: Kysely<Database>) {
  const claims = dueUserClaims(db, "autoRolloverNextAt", ["id", "timeZone", "autoRolloverDay"] as const);
  return {
    async claimDueUsers(now: string, limit: number, leaseUntil: string): Promise<DueUser[]> {
      return claims.claimDueUsers(now, limit, leaseUntil);
    },

    async moveSlot(userId: string, leaseUntil: string, next: AutoRolloverSlot): Promise<void> {
      await claims.moveSlot(userId, leaseUntil, next);
    },

    async moveSlots(leaseUntil: string, moves: ReadonlyArray<{ userId: string; changes: AutoRolloverSlot }>): Promise<void> {
      await claims.moveSlots(leaseUntil, moves);
    },

    /** What the slot depends on: the user's zone and rollover settings (null: never saved). */
    async findSlotInputs(userId: string) {
      return db
        .selectFrom("users")
        .leftJoin("rolloverSettings", "rolloverSettings.userId", "users.id")
        .select([
          "users.timeZone",
          "users.autoRolloverDay",
          "users.autoRolloverNextAt",
          "rolloverSettings.autoRolloverEnabled",
          "rolloverSettings.autoRolloverTime",
          "rolloverSettings.requireConfirmation",
        ])
        .where("users.id", "=", userId)
        .executeTakeFirst();
    },

    async setSlot(userId: string, slot: AutoRolloverSlot): Promise<void> {
      await db.updateTable("users").set(slot).where("id", "=", userId).execute();
    },
  };
}
