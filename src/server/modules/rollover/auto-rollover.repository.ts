// The auto rollover scheduler's queries: finding and claiming the users whose rollover is due, and
// moving their slot on (migration 0006; docs/decisions/006-rollover-exactly-once.md), through the
// scheduler's claim mechanism (due-user-claims.ts).
import type { Kysely } from "kysely";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { dueUserClaims } from "../../db/due-user-claims.ts";

export interface DueUser {
  id: string;
  timeZone: string;
  /** The first day not yet closed automatically. */
  autoRolloverDay: string | null;
}

export function autoRolloverRepository(db: Kysely<Database>, dialect: Dialect) {
  const claims = dueUserClaims(db, dialect, "autoRolloverNextAt", ["id", "timeZone", "autoRolloverDay"] as const);
  return {
    /** Claims up to `limit` due users for this scheduler until `leaseUntil` (due-user-claims.ts). */
    async claimDueUsers(now: string, limit: number, leaseUntil: string): Promise<DueUser[]> {
      return claims.claimDueUsers(now, limit, leaseUntil);
    },

    /**
     * Moves a claimed user's slot to the next day to close (or clears it), unless their slot
     * changed since the claim (they saved settings or a new zone, which scheduled it anew).
     */
    async moveSlot(userId: string, leaseUntil: string, next: { day: string; at: string } | null): Promise<void> {
      await claims.moveSlot(userId, leaseUntil, { autoRolloverDay: next?.day ?? null, autoRolloverNextAt: next?.at ?? null });
    },
  };
}
