// Runs now (a server that was down catches up at start), then every interval, never two runs at once.
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

export interface DueUsersJob<U extends { id: string }> {
  claimDueUsers(now: string, limit: number, leaseUntil: string): Promise<U[]>;
  /** Moves the user's slot on; returns what it counts. */
  runForUser(user: U, leaseUntil: string): Promise<number>;
}

export interface DueUsersTick {
  users: number;
  counted: number;
}

/** A tick over the users due for a job, a batch at a time; a user whose run fails stays claimed until the lease ends, then is retried. */
export async function runDueUsers<U extends { id: string }>(
  job: DueUsersJob<U>,
  options: { now: () => Date; batchSize: number; leaseMs: number; concurrency: number; onError: (error: unknown, userId: string) => void },
): Promise<DueUsersTick> {
  const tick: DueUsersTick = { users: 0, counted: 0 };
  for (;;) {
    const at = options.now();
    const leaseUntil = new Date(at.getTime() + options.leaseMs).toISOString();
    const due = await job.claimDueUsers(at.toISOString(), options.batchSize, leaseUntil);
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const user = due[next++]!;
        try {
          // Awaited first: `+= await` would read the total before the wait and lose concurrent adds.
          const counted = await job.runForUser(user, leaseUntil);
          tick.counted += counted;
        } catch (error) {
          options.onError(error, user.id);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency, due.length) }, worker));
    tick.users += due.length;
    if (due.length < options.batchSize) return tick;
  }
}
