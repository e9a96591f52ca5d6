// Keeps a user's auto rollover slot (migration 0006: users.auto_rollover_day and
// auto_rollover_next_at) in step with what it depends on: their rollover settings and their time
// zone. Called in the transaction of every write that changes either (a new user, a settings save,
// a time zone change); the scheduler (jobs/auto-rollover.job.ts) moves the slot on after each run.
import type { Kysely } from "kysely";
import { ROLLOVER_DEFAULTS } from "../../../shared/api/rollover.ts";
import { isAutoRolloverOn, nextAutoRollover } from "../../../shared/rules/auto-rollover.ts";
import type { Database } from "../../db/schema.ts";

export async function scheduleAutoRollover(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  const row = await db
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
  if (!row) return;
  const settings = {
    autoRolloverEnabled: row.autoRolloverEnabled === null ? ROLLOVER_DEFAULTS.autoRolloverEnabled : row.autoRolloverEnabled === 1,
    requireConfirmation: row.requireConfirmation === null ? ROLLOVER_DEFAULTS.requireConfirmation : row.requireConfirmation === 1,
  };
  let slot: { autoRolloverDay: string | null; autoRolloverNextAt: string | null } = { autoRolloverDay: null, autoRolloverNextAt: null };
  if (isAutoRolloverOn(settings)) {
    // A day already due and not yet closed stays due: the next tick closes it with these settings.
    if (row.autoRolloverDay !== null && row.autoRolloverNextAt !== null && row.autoRolloverNextAt <= now.toISOString()) return;
    const next = nextAutoRollover(row.autoRolloverTime ?? ROLLOVER_DEFAULTS.autoRolloverTime, row.timeZone, now);
    slot = { autoRolloverDay: next.day, autoRolloverNextAt: next.at.toISOString() };
  }
  await db.updateTable("users").set(slot).where("id", "=", userId).execute();
}
