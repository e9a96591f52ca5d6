// Runs now (a server that was down catches up at start), then every interval, never two runs at once.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.ts";

export interface Scheduler {
  stop(): Promise<void>;
}

export function startScheduler(options: { intervalMs: number; run: () => Promise<unknown>; onError: (error: unknown) => void }): Scheduler {
  let running: Promise<void> | null = null;
  let isStopped = false;
  const tick = () => {
    if (running || isStopped) return;
    running = options
      .run()
      .then(
        () => undefined,
        (error: unknown) => options.onError(error),
      )
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  // The timer alone does not keep the process alive; the HTTP server does.
  timer.unref();
  return {
    /** Waits for the run in flight, so that the database can close after it. */
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** A run started on demand (a commit kicks it): never two at once, and a kick during a run runs once more after it. */
export function kickable(run: () => Promise<unknown>, onError: (error: unknown) => void) {
  let closed = false;
  let running: Promise<unknown> | null = null;
  let again = false;
  const kick = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  return {
    kick,
    isClosed: () => closed,
    /** No kick starts a run after this; waits for the run in flight. */
    async close(): Promise<void> {
      closed = true;
      await running;
    },
  };
}

export interface DueUsersJob<U extends { id: string }> {
  claimDueUsers(now: string, limit: number, leaseUntil: string): Promise<U[]>;
  /** Moves the user's slot on; returns what it counts. */
  runForUser(user: U, leaseUntil: string): Promise<number>;
  /** The batch's work done together where it can be; the users it leaves (all, when it fails) go through runForUser. */
  runForBatch?(users: U[], leaseUntil: string): Promise<{ counted: number; rest: U[] }>;
}

export interface DueUsersJobOptions {
  db: Db;
  now: () => Date;
  log: Pick<FastifyBaseLogger, "error">;
  /** Users claimed per round trip; a tick takes rounds until no due user is left. */
  batchSize?: number;
  /** A scheduler that died is replaced after it. */
  leaseMs?: number;
}

/** A tick over the users due for a job; a user whose run fails stays claimed until the lease ends, then is retried. */
export async function runDueUsers<U extends { id: string }>(
  job: DueUsersJob<U>,
  { now, log, batchSize = 200, leaseMs = 5 * 60_000 }: DueUsersJobOptions,
  { concurrency, failure }: { concurrency: number; failure: string },
): Promise<{ users: number; counted: number }> {
  const tick = { users: 0, counted: 0 };
  for (;;) {
    const at = now();
    const leaseUntil = new Date(at.getTime() + leaseMs).toISOString();
    const due = await job.claimDueUsers(at.toISOString(), batchSize, leaseUntil);
    let rest = due;
    if (job.runForBatch && due.length > 0) {
      try {
        const batch = await job.runForBatch(due, leaseUntil);
        tick.counted += batch.counted;
        rest = batch.rest;
      } catch (error) {
        log.error({ err: error }, failure);
      }
    }
    let next = 0;
    const worker = async () => {
      while (next < rest.length) {
        const user = rest[next++]!;
        try {
          // Awaited first: `+= await` would read the total before the wait and lose concurrent adds.
          const counted = await job.runForUser(user, leaseUntil);
          tick.counted += counted;
        } catch (error) {
          log.error({ err: error, userId: user.id }, failure);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rest.length) }, worker));
    tick.users += due.length;
    if (due.length < batchSize) return tick;
  }
}
