// On PostgreSQL counted in the database, so that server instances share them; on SQLite (one process per file,
// docs/decisions/005) in memory, so that a refresh costs no write of its own.
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type Kysely, sql } from "kysely";
import { LRUCache } from "lru-cache";
import { AppError } from "../app-error.ts";
import { compiledQuery } from "../db/compiled-query.ts";
import type { Database } from "../db/schema.ts";
import { routedPath } from "./routed-path.ts";

const WINDOW_MS = 60 * 1000;
const SWEEP_EVERY = 500;
const MEMORY_COUNTERS = 50_000;

const incrementCounterQuery = compiledQuery((db, p: { key: string; now: string; resetAt: string }) => {
  const isOver = sql<boolean>`${sql.ref("rateLimits.resetAt")} <= ${p.now}`;
  return db
    .insertInto("rateLimits")
    .values({ key: p.key, count: 1, resetAt: p.resetAt })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        count: sql<number>`case when ${isOver} then 1 else ${sql.ref("rateLimits.count")} + 1 end`,
        resetAt: sql<string>`case when ${isOver} then ${p.resetAt} else ${sql.ref("rateLimits.resetAt")} end`,
      }),
    )
    .returning(["count", "resetAt"]);
});

export async function incrementCounter(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ current: number; ttl: number }> {
  const row = await incrementCounterQuery.takeFirst(db, {
    key,
    now: now.toISOString(),
    resetAt: new Date(now.getTime() + windowMs).toISOString(),
  });
  if (!row) throw new Error("rate limit: the counter was not returned");
  return { current: Number(row.count), ttl: Math.max(0, Date.parse(row.resetAt) - now.getTime()) };
}

let claims = 0;

function sweepExpired(db: Kysely<Database>, now: Date, log?: FastifyInstance["log"]): void {
  db.deleteFrom("rateLimits")
    .where("resetAt", "<=", now.toISOString())
    .execute()
    .catch((error: unknown) => log?.warn({ err: error }, "could not sweep expired rate limits"));
}

// Kept in the database whatever the store: a sign-in may finish on another instance.
export async function claimOnce(
  db: Kysely<Database>,
  key: string,
  expiresAt: Date,
  now: Date,
  log?: FastifyInstance["log"],
): Promise<boolean> {
  if (++claims % SWEEP_EVERY === 0) sweepExpired(db, now, log);
  const result = await db
    .insertInto("rateLimits")
    .values({ key, count: 1, resetAt: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export interface RateLimitOptions {
  maxPerMinute: number;
  pathPrefixes: string[];
  store: "database" | "memory";
}

interface Counter {
  count: number;
  resetAtMs: number;
}

export const rateLimitPlugin = fp<RateLimitOptions>(async function authRateLimit(app: FastifyInstance, options) {
  let increments = 0;

  // @fastify/rate-limit builds a store with `new Store(options)`; both count on the app's clock.
  class DatabaseStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = app.now();
      incrementCounter(app.db.kysely, key, timeWindow, now).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
      if (++increments % SWEEP_EVERY === 0) sweepExpired(app.db.kysely, now, app.log);
    }
    child() {
      return this;
    }
  }

  const counters = new LRUCache<string, Counter>({ max: MEMORY_COUNTERS });
  class MemoryStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = app.now().getTime();
      let counter = counters.get(key);
      if (!counter || counter.resetAtMs <= now) {
        counter = { count: 0, resetAtMs: now + timeWindow };
        counters.set(key, counter);
      }
      counter.count++;
      callback(null, { current: counter.count, ttl: counter.resetAtMs - now });
    }
    child() {
      return this;
    }
  }

  // global: false: no per-route hooks; the one hook below runs first, before sessions are read.
  await app.register(rateLimit, {
    global: false,
    store: (options.store === "memory" ? MemoryStore : DatabaseStore) as never,
    max: options.maxPerMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `ip:${request.ip}`,
  });
  // Registered even without the /auth limit: other routes build theirs with app.createRateLimit (the MCP route).
  if (options.maxPerMinute <= 0) return;
  const limit = app.createRateLimit();

  app.addHook("onRequest", async (request, reply) => {
    const path = routedPath(request);
    if (!options.pathPrefixes.some((prefix) => path.startsWith(prefix))) return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header("retry-after", String(result.ttlInSeconds));
    reply.header("x-ratelimit-limit", String(result.max));
    reply.header("x-ratelimit-remaining", "0");
    reply.header("x-ratelimit-reset", String(result.ttlInSeconds));
    throw new AppError("too_many_requests", `Too many requests from this address; try again in ${result.ttlInSeconds} seconds`);
  });
});
