// What one close of a day costs (issue 12's budget on POST /api/rollover/trigger), without HTTP:
// closes of 50-task days through the service the route calls, CLOSE_CONNECTIONS at a time (10, as
// the bench scenario), users taking turns. Prints the statements one close sends (each one a round
// trip on PostgreSQL; BEGIN and COMMIT included), the closes' p50/p99, and the CPU time per close
// of this process and, on PostgreSQL, of the database's own backends (from /proc): figures that
// move less with a busy machine than latency does.
//
//   node --import tsx bench/rollover-close.ts        (BENCH_DATABASES=postgres, CLOSE_SECONDS=5)
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { sql } from "kysely";
import type PgModule from "pg";
import type { Db } from "../src/server/db/database.ts";
import { rolloverService } from "../src/server/modules/rollover/rollover.service.ts";
import { onEachDatabase } from "./lib/each-database.ts";
import { addDays, openBenchDb, seedDayTasks, seedUser } from "./seed.ts";

const USERS = 50;
const TASKS_PER_DAY = 50;
const CONNECTIONS = Number(process.env.CLOSE_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.CLOSE_SECONDS ?? 5);
const DAYS_PER_USER = Number(process.env.CLOSE_DAYS_PER_USER ?? 80);

// Every statement the app sends to PostgreSQL goes through pg's Client#query (Kysely's BEGIN and
// COMMIT too): counted here, with the text of the ones sent during the traced close.
const pg = createRequire(import.meta.url)("pg") as typeof PgModule;
let statements = 0;
let trace: string[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
  statements++;
  if (trace) {
    const first = args[0] as string | { text: string };
    trace.push((typeof first === "string" ? first : first.text).replace(/\s+/g, " ").slice(0, 160));
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof originalQuery;

/** CPU time (ms) of the PostgreSQL backends connected to this database, from /proc. */
async function backendCpuMs(db: Db): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db.kysely);
  const ticksPerMs = 100 / 1000;
  let total = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
    } catch {
      // A backend that has gone.
    }
  }
  return total;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

await onEachDatabase(
  {
    databases: new Set((process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",")),
    postgresAdminUrl: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  },
  "close",
  async (dialect, config) => {
    const db = await openBenchDb(config);
    try {
      // Past days: a day after the user's today cannot be closed (decision 020).
      const now = new Date("2019-12-31T12:00:00.000Z");
      const users: string[] = [];
      const days: string[][] = [];
      for (let index = 0; index < USERS; index++) {
        const userId = await seedUser(db, now, { name: `Closer ${index}` });
        const userDays = Array.from({ length: DAYS_PER_USER }, (_, k) => addDays("2020-01-01", 2 * k));
        await seedDayTasks(db, userId, userDays, TASKS_PER_DAY, now);
        users.push(userId);
        days.push(userDays);
      }
      if (dialect === "postgres") await sql`analyze`.execute(db.kysely);
      const service = rolloverService({ kysely: db.kysely, now: () => new Date() });
      let next = 0;
      const nextClose = () => {
        const index = next++;
        const day = days[index % USERS]![Math.floor(index / USERS)];
        return day ? { userId: users[index % USERS]!, day } : null;
      };

      // One close traced, one repeat of it, then the timed run.
      const first = nextClose()!;
      trace = [];
      const before = statements;
      await service.rollOverDay(first.userId, { date: first.day });
      const closeStatements = statements - before;
      const closeTrace = trace;
      trace = [];
      const beforeRepeat = statements;
      await service.rollOverDay(first.userId, { date: first.day });
      const repeatStatements = statements - beforeRepeat;
      const repeatTrace = trace;
      trace = null;

      // CLOSE_PROFILE=file.cpuprofile: a CPU profile of this process during the timed closes only.
      const profiler = process.env.CLOSE_PROFILE ? new (await import("node:inspector/promises")).Session() : undefined;
      if (profiler) {
        profiler.connect();
        await profiler.post("Profiler.enable");
        await profiler.post("Profiler.start");
      }
      const latencies: number[] = [];
      const cpuBefore = process.cpuUsage();
      const pgCpuBefore = dialect === "postgres" ? await backendCpuMs(db) : 0;
      const started = performance.now();
      const deadline = started + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          for (;;) {
            if (performance.now() >= deadline) return;
            const close = nextClose();
            if (!close) return;
            const at = performance.now();
            await service.rollOverDay(close.userId, { date: close.day });
            latencies.push(performance.now() - at);
          }
        }),
      );
      const elapsed = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      if (profiler) {
        const { profile } = await profiler.post("Profiler.stop");
        writeFileSync(`${process.env.CLOSE_PROFILE}.${dialect}.cpuprofile`, JSON.stringify(profile));
        profiler.disconnect();
      }
      const pgCpu = dialect === "postgres" ? (await backendCpuMs(db)) - pgCpuBefore : 0;
      latencies.sort((a, b) => a - b);
      const count = latencies.length;
      console.log(`\n${dialect}: statements per close ${closeStatements}, per repeat ${repeatStatements}`);
      for (const text of closeTrace) console.log(`  close:  ${text}`);
      for (const text of repeatTrace) console.log(`  repeat: ${text}`);
      console.log(
        `${dialect}: ${count} closes in ${(elapsed / 1000).toFixed(1)} s at ${CONNECTIONS} at once (${Math.round((count * 1000) / elapsed)}/s): ` +
          `p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms; ` +
          `CPU per close: this process ${((cpu.user + cpu.system) / 1000 / count).toFixed(2)} ms` +
          (dialect === "postgres" ? `, PostgreSQL backends ${(pgCpu / count).toFixed(2)} ms` : ""),
      );
      console.log(`load average (1 min): ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`);
      return [];
    } finally {
      await db.close();
    }
  },
);
