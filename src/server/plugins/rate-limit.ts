// Rate limits on /auth/* per client address, counted in the database (table rate_limits), so
// that several server instances share them. The client address is Fastify's request.ip, which
// honours TRUST_PROXY.
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type Kysely, sql } from "kysely";
import { AppError } from "../app-error.ts";
import { compiledQuery } from "../db/compiled-query.ts";
import type { Database } from "../db/schema.ts";

const WINDOW_MS = 60 * 1000;
/** Expired counters are swept every this many increments. */
const SWEEP_EVERY = 500;

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

/**
 * One atomic statement per request (compiled once: it runs on every /auth request): a new window
 * starts at 1, a live one counts up. Returns the count in the window and the milliseconds until it resets.
 */
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

/**
 * Takes a one-time key (e.g. a sign-in's state) until `expiresAt`: true the first time, false on
 * every later try. Shares the counters' table, so that it is swept with them.
 */
export async function claimOnce(db: Kysely<Database>, key: string, expiresAt: Date): Promise<boolean> {
  const result = await db
    .insertInto("rateLimits")
    .values({ key, count: 1, resetAt: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export interface RateLimitOptions {
  /** Requests per minute per address; 0 turns the limit off. */
  maxPerMinute: number;
  /** Paths starting with this are limited. */
  pathPrefix: string;
}

export const rateLimitPlugin = fp<RateLimitOptions>(async function authRateLimit(app: FastifyInstance, options) {
  if (options.maxPerMinute <= 0) return;
  let increments = 0;

  // @fastify/rate-limit builds a store with `new Store(options)`; this one counts in the database.
  class DatabaseStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = app.now();
      incrementCounter(app.db.kysely, key, timeWindow, now).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
      if (++increments % SWEEP_EVERY === 0) {
        app.db.kysely
          .deleteFrom("rateLimits")
          .where("resetAt", "<=", now.toISOString())
          .execute()
          .catch((error: unknown) => app.log.warn({ err: error }, "could not sweep expired rate limits"));
      }
    }
    child() {
      return this;
    }
  }

  // global: false: no per-route hooks; the one hook below runs first, before sessions are read.
  await app.register(rateLimit, {
    global: false,
    store: DatabaseStore as never,
    max: options.maxPerMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `ip:${request.ip}`,
  });
  const limit = app.createRateLimit();

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith(options.pathPrefix)) return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header("retry-after", String(result.ttlInSeconds));
    reply.header("x-ratelimit-limit", String(result.max));
    reply.header("x-ratelimit-remaining", "0");
    reply.header("x-ratelimit-reset", String(result.ttlInSeconds));
    throw new AppError("too_many_requests", `Too many requests from this address; try again in ${result.ttlInSeconds} seconds`);
  });
});
