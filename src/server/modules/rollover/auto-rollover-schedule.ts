// Called in the transaction of every write the slot depends on (a new user, a settings save, a zone change).
import type { Kysely } from "kysely";
import { ROLLOVER_DEFAULTS } from "../../../shared/api/rollover.ts";
import { isAutoRolloverOn, nextAutoRollover } from "../../../shared/rules/auto-rollover.ts";
import type { Database } from "../../db/schema.ts";
import { type AutoRolloverSlot, autoRolloverRepository } from "./auto-rollover.repository.ts";

export async function scheduleAutoRollover(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  const repository = autoRolloverRepository(db);
  const row = await repository.findSlotInputs(userId);
  if (!row) return;
  const settings = {
    autoRolloverEnabled: row.autoRolloverEnabled === null ? ROLLOVER_DEFAULTS.autoRolloverEnabled : row.autoRolloverEnabled === 1,
    requireConfirmation: row.requireConfirmation === null ? ROLLOVER_DEFAULTS.requireConfirmation : row.requireConfirmation === 1,
  };
  let slot: AutoRolloverSlot = { autoRolloverDay: null, autoRolloverNextAt: null };
  if (isAutoRolloverOn(settings)) {
    // A day already due and not yet rolled over stays due: the next tick rolls it over with these settings.
    if (row.autoRolloverDay !== null && row.autoRolloverNextAt !== null && row.autoRolloverNextAt <= now.toISOString()) return;
    const next = nextAutoRollover(row.autoRolloverTime ?? ROLLOVER_DEFAULTS.autoRolloverTime, row.timeZone, now);
    slot = { autoRolloverDay: next.day, autoRolloverNextAt: next.at.toISOString() };
  }
  await repository.setSlot(userId, slot);
}
