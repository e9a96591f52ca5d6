// The auto rollover scheduler's budget in user terms (issue 51): with 100,000 users on one instance,
// every due day closes within one scheduler interval, so the next tick starts on time. Due at once:
// a tenth of the users (one large time zone's 23:30). A tick with nobody due costs under 1/10,000 of
// the interval. Measured in this process, on the job the app runs (src/server/jobs/), against a
// fresh database of each kind:
//
//   node --import tsx bench/rollover-tick.ts        (BENCH_DATABASES=sqlite to leave PostgreSQL out)
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { loadConfig } from "../src/server/config.ts";
import type { Dialect } from "../src/server/db/database.ts";
import type { NewTaskRow } from "../src/server/db/schema.ts";
import { autoRolloverJob } from "../src/server/jobs/auto-rollover.job.ts";
import { openBenchDb } from "./seed.ts";
import { onEachDatabase } from "./lib/each-database.ts";

/** The interval the app ticks at when ROLLOVER_SCHEDULER_INTERVAL_MS is not set. */
const intervalMs = loadConfig({ SESSION_SECRET: "bench".repeat(10), DATABASE_URL: "postgres://bench@127.0.0.1/bench" }).rolloverScheduler
  .intervalMs;
const users = Number(process.env.BENCH_TICK_USERS ?? 100_000);

export const ROLLOVER_TICK_BUDGETS = {
  users,
  due: Number(process.env.BENCH_TICK_DUE ?? users / 10),
  tasksPerDueUser: 5,
  dueTickMs: intervalMs,
  idleTickMs: intervalMs / 10_000,
} as const;

const BATCH_ROWS = 500;
const IDLE_RUNS = 50;
const ZONES = ["UTC", "Europe/London", "America/New_York", "Asia/Kolkata", "Pacific/Kiritimati", "Pacific/Pago_Pago"];

export interface RolloverTickCheck {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Seeds, then times one tick with the due users and ticks with nobody due. */
async function measureOn(dialect: Dialect, config: Parameters<typeof openBenchDb>[0]): Promise<RolloverTickCheck[]> {
  const db = await openBenchDb(config);
  try {
    const now = new Date("2030-06-15T23:45:00.000Z");
    const nowIso = now.toISOString();
    const day = "2030-06-15";
    const dueIds: string[] = [];
    for (let start = 0; start < ROLLOVER_TICK_BUDGETS.users; start += BATCH_ROWS) {
      const rows = Array.from({ length: Math.min(BATCH_ROWS, ROLLOVER_TICK_BUDGETS.users - start) }, (_, i) => {
        const index = start + i;
        const isDue = index % (ROLLOVER_TICK_BUDGETS.users / ROLLOVER_TICK_BUDGETS.due) === 0;
        const id = randomUUID();
        if (isDue) dueIds.push(id);
        return {
          id,
          name: `User ${index}`,
          email: null,
          avatarUrl: null,
          // Due users are in UTC, so that their day's 23:30 has just passed; the others are
          // scheduled from a minute to a day ahead.
          timeZone: isDue ? "UTC" : ZONES[index % ZONES.length]!,
          autoRolloverDay: isDue ? day : "2030-06-16",
          autoRolloverNextAt: isDue ? "2030-06-15T23:30:00.000Z" : new Date(now.getTime() + 60_000 + (index % 1440) * 60_000).toISOString(),
          createdAt: nowIso,
          updatedAt: nowIso,
        };
      });
      await db.kysely.insertInto("users").values(rows).execute();
    }
    const tasks: NewTaskRow[] = dueIds.flatMap((userId) =>
      Array.from({ length: ROLLOVER_TICK_BUDGETS.tasksPerDueUser }, (_, i) => ({
        id: randomUUID(),
        userId,
        title: `Task ${i + 1}`,
        status: i === 0 ? ("done" as const) : ("todo" as const),
        date: day,
        estimatedDuration: 30,
        completedAt: i === 0 ? nowIso : null,
        firstPlannedDate: day,
        createdAt: new Date(now.getTime() - 3_600_000 + i).toISOString(),
        updatedAt: nowIso,
      })),
    );
    for (let start = 0; start < tasks.length; start += BATCH_ROWS) {
      await db.kysely
        .insertInto("tasks")
        .values(tasks.slice(start, start + BATCH_ROWS))
        .execute();
    }
    if (dialect === "postgres") await sql`analyze`.execute(db.kysely);

    const errors: unknown[] = [];
    // Before the due users' 23:30, nobody is due: those ticks warm the idle path (and the JIT) up.
    let clock = new Date("2030-06-15T23:20:00.000Z");
    const job = autoRolloverJob({
      db,
      now: () => clock,
      log: { error: (error: unknown) => errors.push(error), info: () => {} } as never,
    });
    for (let i = 0; i < 5; i++) {
      if ((await job.runDueRollovers()).users !== 0) throw new Error("a warm-up tick found due users");
    }

    clock = now;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const result = await job.runDueRollovers();
    const dueMs = performance.now() - started;
    // This process's CPU time (the job's own work, plus the database's on SQLite): on a busy
    // machine the wall time also counts the waits for a core.
    const cpu = process.cpuUsage(cpuBefore);
    const dueCpuMs = (cpu.user + cpu.system) / 1000;

    const idle: number[] = [];
    for (let i = 0; i < IDLE_RUNS; i++) {
      const at = performance.now();
      const quiet = await job.runDueRollovers();
      idle.push(performance.now() - at);
      if (quiet.users !== 0) throw new Error(`an idle tick found ${quiet.users} due users`);
    }
    const summaries = await db.kysely
      .selectFrom("rolloverSummaries")
      .select(sql<number>`count(*)`.as("count"))
      .executeTakeFirstOrThrow();
    if (errors.length > 0) throw new Error(`the tick failed for ${errors.length} users: ${String(errors[0])}`);
    return [
      {
        name: `${dialect}: tick with ${ROLLOVER_TICK_BUDGETS.users.toLocaleString("en")} users, ${result.users} due, ${result.rollovers} days rolled over (${Number(summaries.count)} summaries)`,
        value: `${dueMs.toFixed(0)} ms (CPU ${dueCpuMs.toFixed(0)} ms)`,
        budget: `every due day closed, < ${ROLLOVER_TICK_BUDGETS.dueTickMs.toLocaleString("en")} ms (one scheduler interval)`,
        pass: dueMs < ROLLOVER_TICK_BUDGETS.dueTickMs && result.rollovers === ROLLOVER_TICK_BUDGETS.due,
      },
      {
        name: `${dialect}: tick with nobody due (median of ${IDLE_RUNS}, max ${Math.max(...idle).toFixed(2)} ms)`,
        value: `${median(idle).toFixed(2)} ms`,
        budget: `< ${ROLLOVER_TICK_BUDGETS.idleTickMs} ms (1/10,000 of the interval)`,
        pass: median(idle) < ROLLOVER_TICK_BUDGETS.idleTickMs,
      },
    ];
  } finally {
    await db.close();
  }
}

/** Both databases (PostgreSQL at `postgresAdminUrl`, in a database of its own, dropped after). */
export async function measureRolloverTick(options: { databases: Set<string>; postgresAdminUrl: string }): Promise<RolloverTickCheck[]> {
  return onEachDatabase(options, "tick", measureOn);
}

export function printRolloverTick(checks: readonly RolloverTickCheck[]): void {
  for (const check of checks) console.log(`${check.pass ? "PASS" : "FAIL"}  ${check.name}: ${check.value} (budget ${check.budget})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const databases = new Set((process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",").map((name) => name.trim()));
  const postgresAdminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  // Closing the SQLite database waits for its checkpoint worker, which does not keep the process
  // alive by itself: without this, Node may end the run there (exit code 13) before printing.
  const keepAlive = setInterval(() => {}, 1_000);
  try {
    printRolloverTick(await measureRolloverTick({ databases, postgresAdminUrl }));
  } finally {
    clearInterval(keepAlive);
  }
}
