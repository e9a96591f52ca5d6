// Auto rollover (product-decisions.md "End-of-day rollover"), run by the rollover module for each due user.
import { autoRolloverService } from "../modules/rollover/auto-rollover.service.ts";
import { recurrenceService } from "../modules/recurrence/recurrence.service.ts";
import { type DueUsersJobOptions, runDueUsers } from "./scheduler.ts";

export interface AutoRolloverTickResult {
  users: number;
  /** Days rolled over (a summary stored). */
  rollovers: number;
}

export type AutoRolloverJob = ReturnType<typeof autoRolloverJob>;

export function autoRolloverJob(options: DueUsersJobOptions) {
  const recurrence = recurrenceService({ kysely: options.db.kysely, dialect: options.db.dialect, now: options.now });
  const autoRollover = autoRolloverService({ kysely: options.db.kysely, now: options.now, recurrence });
  // SQLite runs one statement at a time anyway; PostgreSQL gets a few of the pool's 10 connections.
  const concurrency = options.db.dialect === "postgres" ? 4 : 1;
  return {
    async runDueRollovers(): Promise<AutoRolloverTickResult> {
      const { users, counted } = await runDueUsers(autoRollover, options, { concurrency, failure: "auto rollover failed for a user" });
      return { users, rollovers: counted };
    },
  };
}
