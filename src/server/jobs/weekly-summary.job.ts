// The weekly summary (docs/decisions/010): Monday 06:00 in each user's zone, run by the insights module for each due user.
import type { FastifyBaseLogger } from "fastify";
import type { AiConfig } from "../config.ts";
import { type DueWeeklySummaryUser, insightsService } from "../modules/insights/insights.service.ts";
import { type DueUsersJobOptions, runDueUsers } from "./scheduler.ts";

export interface WeeklySummaryTickResult {
  users: number;
  summaries: number;
}

export type WeeklySummaryJob = ReturnType<typeof weeklySummaryJob>;

export function weeklySummaryJob(options: DueUsersJobOptions & { ai: AiConfig; log: Pick<FastifyBaseLogger, "error" | "warn"> }) {
  const insights = insightsService({
    kysely: options.db.kysely,
    dialect: options.db.dialect,
    now: options.now,
    ai: options.ai,
    log: options.log,
  });
  const job = {
    claimDueUsers: insights.claimDueWeeklySummaries,
    runForUser: async (user: DueWeeklySummaryUser, leaseUntil: string) => ((await insights.runWeeklySummary(user, leaseUntil)) ? 1 : 0),
  };
  return {
    async runDueSummaries(): Promise<WeeklySummaryTickResult> {
      const { users, counted } = await runDueUsers(job, options, { concurrency: 1, failure: "weekly summary failed for a user" });
      return { users, summaries: counted };
    },
  };
}
