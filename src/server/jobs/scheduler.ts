// Runs a job now (a server that was down catches up at start) and then every interval, never two
// runs at once; stop() waits for the run in flight, so the database can close after it.
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
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
