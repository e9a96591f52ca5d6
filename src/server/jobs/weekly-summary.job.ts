// The weekly summary (docs/decisions/010): Monday 06:00 in each user's zone, run by the insights module for each due user.
import type { FastifyBaseLogger } from "fastify";
import type { AiConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import { type DueWeeklySummaryUser, insightsService } from "../modules/insights/insights.service.ts";
import { runDueUsers } from "./scheduler.ts";

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
  const job = {
    claimDueUsers: insights.claimDueWeeklySummaries,
    runForUser: async (user: DueWeeklySummaryUser, leaseUntil: string) => ((await insights.runWeeklySummary(user, leaseUntil)) ? 1 : 0),
  };
  return {
    async runDueSummaries(): Promise<WeeklySummaryTickResult> {
      const { users, counted } = await runDueUsers(job, {
        now,
        batchSize,
        leaseMs,
        concurrency: 1,
        onError: (error, userId) => log.error({ err: error, userId }, "weekly summary failed for a user"),
      });
      return { users, summaries: counted };
    },
  };
}
