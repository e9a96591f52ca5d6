// Auto rollover (product-decisions.md "End-of-day rollover"), run by the rollover module for each due user.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.ts";
import { autoRolloverService } from "../modules/rollover/auto-rollover.service.ts";
import { runDueUsers } from "./scheduler.ts";

/** Users claimed per round trip; a tick takes rounds until no due user is left. */
const DEFAULT_BATCH_SIZE = 200;
/** A scheduler that died is replaced after it. */
const DEFAULT_LEASE_MS = 5 * 60_000;

export interface AutoRolloverJobOptions {
  db: Db;
  now: () => Date;
  log: Pick<FastifyBaseLogger, "error" | "info">;
  batchSize?: number;
  leaseMs?: number;
}

export interface AutoRolloverTickResult {
  users: number;
  /** Days rolled over (a summary stored). */
  rollovers: number;
}

export type AutoRolloverJob = ReturnType<typeof autoRolloverJob>;

export function autoRolloverJob({ db, now, log, batchSize = DEFAULT_BATCH_SIZE, leaseMs = DEFAULT_LEASE_MS }: AutoRolloverJobOptions) {
  const autoRollover = autoRolloverService({ kysely: db.kysely, now });
  // SQLite runs one statement at a time anyway; PostgreSQL gets a few of the pool's 10 connections.
  const concurrency = db.dialect === "postgres" ? 4 : 1;
  return {
    async runDueRollovers(): Promise<AutoRolloverTickResult> {
      const { users, counted } = await runDueUsers(autoRollover, {
        now,
        batchSize,
        leaseMs,
        concurrency,
        onError: (error, userId) => log.error({ err: error, userId }, "auto rollover failed for a user"),
      });
      return { users, rollovers: counted };
    },
  };
}
