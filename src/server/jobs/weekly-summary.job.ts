// The weekly summary job (issue 15; docs/decisions/010): on Monday at 06:00 in each user's zone,
// the summary of the week that just ended, for every user who had tasks in it. It runs on the auto
// rollover's scheduler and claim mechanism (due-user-claims.ts): users carry their next run in
// users.weekly_summary_next_at, a tick claims the due ones with a lease, writes their summaries and
// moves their slot to the next Monday. Exactly once across instances: the lease keeps other
// instances off a user meanwhile, and the unique (user, week) of weekly_summaries lets only one
// insert a week's summary. A user never scheduled ('' from migration 0008) is only scheduled.
import type { FastifyBaseLogger } from "fastify";
import { addDays } from "../../shared/rules/dates.ts";
import { currentWeekStart, nextWeeklySummaryRun, WEEK_LENGTH_DAYS } from "../../shared/rules/weekly-summary.ts";
import type { AiConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import { insightsService } from "../modules/insights/insights.service.ts";
import { dueUserClaims } from "../db/due-user-claims.ts";

const DEFAULT_BATCH_SIZE = 200;
const DEFAULT_LEASE_MS = 5 * 60_000;

export interface WeeklySummaryJobOptions {
  db: Db;
  now: () => Date;
  ai: AiConfig;
  log: Pick<FastifyBaseLogger, "error" | "warn">;
  batchSize?: number;
  leaseMs?: number;
}

export interface WeeklySummaryTickResult {
  users: number;
  /** Summaries stored by this tick. */
  summaries: number;
}

export type WeeklySummaryJob = ReturnType<typeof weeklySummaryJob>;

export function weeklySummaryJob({
  db,
  now,
  ai,
  log,
  batchSize = DEFAULT_BATCH_SIZE,
  leaseMs = DEFAULT_LEASE_MS,
}: WeeklySummaryJobOptions) {
  const insights = insightsService({ kysely: db.kysely, now, ai, log });
  const claims = dueUserClaims(db.kysely, db.dialect, "weeklySummaryNextAt", ["id", "timeZone", "weeklySummaryNextAt"] as const);

  return {
    async runDueSummaries(): Promise<WeeklySummaryTickResult> {
      const result: WeeklySummaryTickResult = { users: 0, summaries: 0 };
      for (;;) {
        const at = now();
        const leaseUntil = new Date(at.getTime() + leaseMs).toISOString();
        const due = await claims.claimDueUsers(at.toISOString(), batchSize, leaseUntil);
        for (const user of due) {
          try {
            // A slot is a Monday 06:00 (or a lease that ended after one): the week to sum up is the
            // one that ended most recently. A server down for weeks catches up that week only.
            if (user.weeklySummaryNextAt !== "") {
              const weekStart = addDays(currentWeekStart(at, user.timeZone), -WEEK_LENGTH_DAYS);
              if (await insights.generateWeekOnce(user.id, weekStart)) result.summaries++;
            }
            const next = nextWeeklySummaryRun(at, user.timeZone);
            await claims.moveSlot(user.id, leaseUntil, { weeklySummaryNextAt: next.at.toISOString() });
          } catch (error) {
            log.error({ err: error, userId: user.id }, "weekly summary failed for a user");
          }
        }
        result.users += due.length;
        if (due.length < batchSize) return result;
      }
    },
  };
}
