// Each user keeps the day their next automatic rollover closes and when a scheduler should next look at them,
// so that the due users are one indexed range read (docs/decisions/006).
import { type Kysely, sql } from "kysely";
import { ROLLOVER_DEFAULTS } from "../../../shared/api/rollover.ts";
import { isAutoRolloverOn, nextAutoRollover } from "../../../shared/rules/auto-rollover.ts";

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("auto_rollover_day", "text").execute();
  await db.schema.alterTable("users").addColumn("auto_rollover_next_at", "text").execute();
  await db.schema.createIndex("users_auto_rollover_next_at_idx").on("users").column("auto_rollover_next_at").execute();

  const users = await sql<{ id: string; zone: string; enabled: number | null; clock: string | null; confirm: number | null }>`
    select users.id as id, users.time_zone as zone, s.auto_rollover_enabled as enabled,
           s.auto_rollover_time as clock, s.require_confirmation as confirm
    from users left join rollover_settings s on s.user_id = users.id
  `.execute(db);
  const now = new Date();
  // Users of one zone and time share their slot: one UPDATE per slot and batch of ids.
  const bySlot = new Map<string, { day: string; at: string; ids: string[] }>();
  for (const user of users.rows) {
    const settings = {
      autoRolloverEnabled: user.enabled === null ? ROLLOVER_DEFAULTS.autoRolloverEnabled : Number(user.enabled) === 1,
      requireConfirmation: user.confirm === null ? ROLLOVER_DEFAULTS.requireConfirmation : Number(user.confirm) === 1,
    };
    if (!isAutoRolloverOn(settings)) continue;
    const time = user.clock ?? ROLLOVER_DEFAULTS.autoRolloverTime;
    const key = `${user.zone}\u0000${time}`;
    let slot = bySlot.get(key);
    if (!slot) {
      const next = nextAutoRollover(time, user.zone, now);
      slot = { day: next.day, at: next.at.toISOString(), ids: [] };
      bySlot.set(key, slot);
    }
    slot.ids.push(user.id);
  }
  for (const slot of bySlot.values()) {
    for (let start = 0; start < slot.ids.length; start += BATCH) {
      const ids = slot.ids.slice(start, start + BATCH);
      await sql`
        update users set auto_rollover_day = ${slot.day}, auto_rollover_next_at = ${slot.at}
        where id in (${sql.join(ids)})
      `.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("users_auto_rollover_next_at_idx").execute();
  await db.schema.alterTable("users").dropColumn("auto_rollover_next_at").execute();
  await db.schema.alterTable("users").dropColumn("auto_rollover_day").execute();
}
