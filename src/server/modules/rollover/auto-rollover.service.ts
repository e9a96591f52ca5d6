// Exactly once across instances: the claim's lease, and the summary's unique (user, day) (docs/decisions/006).
import type { Kysely } from "kysely";
import { dueAutoRolloverDays, isAutoRolloverOn, nextAutoRollover } from "../../../shared/rules/auto-rollover.ts";
import { addDays, todayInZone } from "../../../shared/rules/dates.ts";
import type { Database } from "../../db/schema.ts";
import type { RolloverSettings } from "../../../shared/api/rollover.ts";
import { type AutoRolloverSlot, autoRolloverRepository, type DueUser } from "./auto-rollover.repository.ts";
import { rolloverService, type RolloverServiceDeps } from "./rollover.service.ts";

export type { DueUser };

export function autoRolloverService({
  kysely,
  now,
  recurrence,
}: { kysely: Kysely<Database>; now: () => Date } & Pick<RolloverServiceDeps, "recurrence">) {
  const rollover = rolloverService({ kysely, now, recurrence });
  const repository = autoRolloverRepository(kysely);

  function planOf(user: DueUser, settings: RolloverSettings, at: Date) {
    const isOn = isAutoRolloverOn(settings);
    const due = isOn && user.autoRolloverDay !== null ? dueAutoRolloverDays(user.autoRolloverDay, settings, user.timeZone, at) : [];
    // Rolled-over days as far back as the catch-up reaches get their tasks added since rolled over too (decision 020).
    const from = addDays(todayInZone(at, user.timeZone), -settings.maxRolloverDays);
    const next = isOn ? nextAutoRollover(settings.autoRolloverTime, user.timeZone, at) : null;
    const slot: AutoRolloverSlot = { autoRolloverDay: next?.day ?? null, autoRolloverNextAt: next?.at.toISOString() ?? null };
    return { due, from, slot };
  }

  return {
    claimDueUsers: repository.claimDueUsers,

    /** The user's due days, oldest first, then their slot moved to the next; returns the days rolled over. */
    async runForUser(user: DueUser, leaseUntil: string): Promise<number> {
      const at = now();
      const settings = await rollover.getSettings(user.id);
      const { due, from, slot } = planOf(user, settings, at);
      const rolledOver = await rollover.rollOverDaysAutomatically(user.id, from, due, settings);
      await repository.moveSlot(user.id, leaseUntil, slot);
      return rolledOver;
    },

    /** runForUser of a claimed batch, set-based for the users with one due day; the others are left to runForUser. */
    async runForBatch(users: readonly DueUser[], leaseUntil: string): Promise<{ counted: number; rest: DueUser[] }> {
      const at = now();
      const settingsOf = await rollover.getSettingsOf(users.map((user) => user.id));
      const plans = users.map((user) => ({ user, settings: settingsOf.get(user.id)!, ...planOf(user, settingsOf.get(user.id)!, at) }));
      const together = plans.filter((plan) => plan.due.length === 1);
      const { stored, left } = await rollover.rollOverDueDaysTogether(
        together.map(({ user, from, due, settings }) => ({ userId: user.id, from, day: due[0]!, settings })),
      );
      const done = plans.filter((plan) => plan.due.length === 0 || (plan.due.length === 1 && !left.has(plan.user.id)));
      await repository.moveSlots(
        leaseUntil,
        done.map(({ user, slot }) => ({ userId: user.id, changes: slot })),
      );
      const doneIds = new Set(done.map((plan) => plan.user.id));
      return { counted: stored, rest: users.filter((user) => !doneIds.has(user.id)) };
    },
  };
}
