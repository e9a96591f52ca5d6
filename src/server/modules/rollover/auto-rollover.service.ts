// Exactly once across instances: the claim's lease, and the summary's unique (user, day) (docs/decisions/006).
import type { Kysely } from "kysely";
import { dueAutoRolloverDays, isAutoRolloverOn, nextAutoRollover } from "../../../shared/rules/auto-rollover.ts";
import { addDays, todayInZone } from "../../../shared/rules/dates.ts";
import type { Database } from "../../db/schema.ts";
import { autoRolloverRepository, type DueUser } from "./auto-rollover.repository.ts";
import { rolloverService, type RolloverServiceDeps } from "./rollover.service.ts";

export type { DueUser };

export function autoRolloverService({
  kysely,
  now,
  materialiseDay,
}: { kysely: Kysely<Database>; now: () => Date } & Pick<RolloverServiceDeps, "materialiseDay">) {
  const rollover = rolloverService({ kysely, now, materialiseDay });
  const repository = autoRolloverRepository(kysely);

  return {
    claimDueUsers: repository.claimDueUsers,

    /** The user's due days, oldest first, then their slot moved to the next; returns the days rolled over. */
    async runForUser(user: DueUser, leaseUntil: string): Promise<number> {
      const at = now();
      const settings = await rollover.getSettings(user.id);
      const isOn = isAutoRolloverOn(settings);
      let rolledOver = 0;
      if (isOn && user.autoRolloverDay !== null) {
        const due = dueAutoRolloverDays(user.autoRolloverDay, settings, user.timeZone, at);
        // Closed days as far back as the catch-up reaches get their tasks added since rolled over too (decision 020).
        const from = addDays(todayInZone(at, user.timeZone), -settings.maxRolloverDays);
        rolledOver = await rollover.closeDaysAutomatically(user.id, from, due, settings);
      }
      const next = isOn ? nextAutoRollover(settings.autoRolloverTime, user.timeZone, at) : null;
      await repository.moveSlot(user.id, leaseUntil, {
        autoRolloverDay: next?.day ?? null,
        autoRolloverNextAt: next?.at.toISOString() ?? null,
      });
      return rolledOver;
    },
  };
}
