// The cost of the task search words (issues 14 and 17, docs/decisions/014), measured without
// autocannon: on a shared, busy machine latencies under load say more about the neighbours than
// about the code, while the CPU a request costs does not. The app runs in this process (Fastify's
// inject, no sockets) on a fresh SQLite file and a fresh PostgreSQL database, seeded as the bench's
// scenarios seed them, and each request is sent alone, one after another. Printed per request: the
// app's CPU (process.cpuUsage), PostgreSQL's (its backends' utime + stime from /proc, when the
// server runs on this machine), and the wall time's median and p99.
//
//   node --import tsx bench/task-words-cost.ts
//   COST_DATABASES=sqlite COST_SEARCHES=3000 COST_CREATES=400 node --import tsx bench/task-words-cost.ts
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import type { Db } from "../src/server/db/database.ts";
import { addDays, formatDay, openBenchDb, seedGoals, seedSignedInUser, seedTasks, seedUser } from "./seed.ts";

const env = process.env;
const SECRET = "bench-secret-bench-secret-bench-secret-0123";
const SEARCHES = Number(env.COST_SEARCHES ?? 3000);
const CREATES = Number(env.COST_CREATES ?? 400);
const TASKS_PER_USER = 10_000;
const DAYS = 365;
const ADMIN_URL = env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databases = (env.COST_DATABASES ?? "sqlite,postgres").split(",");

const TICKS_PER_MS = 100 / 1000; // USER_HZ: /proc's times are in 1/100 s

function backendTicks(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // A backend that ended: its time is lost, which the note below says.
    }
  }
  return ticks;
}

interface Measured {
  wallP50: number;
  wallP99: number;
  appCpuMs: number;
  dbCpuMs: number | null;
}

async function measure(count: number, send: (index: number) => Promise<void>, backendPids: () => Promise<number[]>): Promise<Measured> {
  const pids = await backendPids();
  const walls: number[] = [];
  const ticksBefore = backendTicks(pids);
  const cpuBefore = process.cpuUsage();
  for (let index = 0; index < count; index++) {
    const start = performance.now();
    await send(index);
    walls.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const ticks = backendTicks(pids) - ticksBefore;
  walls.sort((a, b) => a - b);
  return {
    wallP50: walls[Math.floor(walls.length / 2)]!,
    wallP99: walls[Math.floor(walls.length * 0.99)]!,
    appCpuMs: (cpu.user + cpu.system) / 1000 / count,
    dbCpuMs: pids.length > 0 ? ticks / TICKS_PER_MS / count : null,
  };
}

function format(name: string, m: Measured): string {
  const db = m.dbCpuMs === null ? "" : `, PostgreSQL CPU ${m.dbCpuMs.toFixed(3)} ms`;
  return `${name}: app CPU ${m.appCpuMs.toFixed(3)} ms${db} per request; wall p50 ${m.wallP50.toFixed(2)} ms, p99 ${m.wallP99.toFixed(2)} ms`;
}

async function run(kind: string): Promise<void> {
  let db: Db;
  let cleanup: () => Promise<void>;
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "daywise-cost-"));
    db = await openBenchDb({ kind: "sqlite", file: path.join(dir, "daywise.db") });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `daywise_cost_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    db = await openBenchDb({ kind: "postgres", url: url.toString() });
    cleanup = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const backendPids = async (): Promise<number[]> => {
    if (db.dialect !== "postgres") return [];
    const rows = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db.kysely);
    return rows.rows.map((row) => row.pid);
  };

  try {
    const now = new Date();
    const today = formatDay(now);
    const firstDay = addDays(today, -Math.floor(DAYS / 2));
    const planner = await seedSignedInUser(db, SECRET, now, { name: "Planner" });
    await seedTasks(db, planner.userId, now, {
      count: TASKS_PER_USER,
      firstDay,
      days: DAYS,
      goalIds: await seedGoals(db, planner.userId, 200, now),
      today,
    });
    const neighbour = await seedUser(db, now, { name: "Neighbour" });
    await seedTasks(db, neighbour, now, {
      count: TASKS_PER_USER,
      firstDay,
      days: DAYS,
      goalIds: await seedGoals(db, neighbour, 200, now),
      today,
    });
    const breakers: { headers: Record<string, string>; breakdownId: string }[] = [];
    for (let index = 0; index < 20; index++) {
      const user = await seedSignedInUser(db, SECRET, now, { name: `Breaker ${index + 1}` });
      const [goalId] = await seedGoals(db, user.userId, 1, now);
      await seedTasks(db, user.userId, now, { count: 12, firstDay: today, days: 6, goalIds: [goalId!], today });
      const breakdownId = randomUUID();
      await db.kysely
        .insertInto("aiBreakdowns")
        .values({
          id: breakdownId,
          userId: user.userId,
          goalId: goalId!,
          provider: "openai",
          suggestionsShown: 10,
          inputTokens: null,
          outputTokens: null,
          createdAt: now.toISOString(),
        })
        .execute();
      breakers.push({ ...user, breakdownId });
    }
    if (db.dialect === "postgres") await sql`analyze`.execute(db.kysely);

    const config = loadConfig({
      NODE_ENV: "production",
      SESSION_SECRET: SECRET,
      DATA_DIR: tmpdir(),
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
      ROLLOVER_SCHEDULER: "off",
    });
    const app = await buildApp(config, { db, logger: false, now: () => now, webRoot: "/nonexistent" });
    await app.ready();

    const queries = Array.from({ length: 600 }, (_, i) => {
      const n = 1 + ((i * 7919) % TASKS_PER_USER);
      return i % 3 === 0 ? `task ${n}` : i % 3 === 1 ? String(n) : `task ${String(n).slice(0, 2)}`;
    });
    let found = 0;
    const search = async (index: number) => {
      const response = await app.inject({
        method: "GET",
        url: `/api/tasks/search?q=${encodeURIComponent(queries[index % queries.length]!)}`,
        headers: planner.headers,
      });
      if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}: ${response.body}`);
      found += (response.json() as unknown[]).length;
    };
    const tasks = Array.from({ length: 10 }, (_, index) => ({
      title: `Suggested task ${index + 1}`,
      description: "What done looks like.",
      estimatedDuration: 30 + 5 * index,
      ...(index % 3 === 0 ? {} : { date: addDays(today, index % 7) }),
    }));
    const create = async (index: number) => {
      const user = breakers[index % breakers.length]!;
      const response = await app.inject({
        method: "POST",
        url: `/api/ai/breakdowns/${user.breakdownId}/tasks`,
        headers: { ...user.headers, "content-type": "application/json" },
        payload: { tasks },
      });
      if (response.statusCode !== 201 && response.statusCode !== 200)
        throw new Error(`create answered ${response.statusCode}: ${response.body}`);
    };

    // Warm-up on other queries of the same shapes ('N' and 'task NNN' are never measured), so that
    // the first pass below is each measured query's first search: with the user-data cache
    // (decision 014) that pass is answered from the database, the later ones from memory.
    const warmUp = Array.from({ length: 600 }, (_, i) => {
      const n = 1 + ((i * 7919 + 4999) % TASKS_PER_USER);
      return i % 2 === 0 ? `task ${n}` : `task ${String(n).padStart(3, "0").slice(0, 3)}`;
    }).filter((query) => !queries.includes(query));
    await measure(
      warmUp.length,
      async (index) => {
        const response = await app.inject({
          method: "GET",
          url: `/api/tasks/search?q=${encodeURIComponent(warmUp[index]!)}`,
          headers: planner.headers,
        });
        if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}: ${response.body}`);
      },
      backendPids,
    );
    // COST_PROFILE=path: CPU profiles of the searches' first pass and of the creations.
    const profile = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      if (!env.COST_PROFILE) return work();
      const session = new Session();
      session.connect();
      await session.post("Profiler.enable");
      await session.post("Profiler.start");
      const result = await work();
      const { profile: taken } = await session.post("Profiler.stop");
      writeFileSync(`${env.COST_PROFILE}.${name}.${kind}.cpuprofile`, JSON.stringify(taken));
      session.disconnect();
      return result;
    };
    found = 0;
    const firstPass = await profile("search", () => measure(queries.length, search, backendPids));
    console.log(
      format(`${kind} GET /api/tasks/search (10k tasks), each query's first search`, firstPass),
      `— ${(found / queries.length).toFixed(1)} results per search`,
    );
    if (env.COST_BY_KIND === "1") {
      for (const [kind, label] of ["task N", "N", "task NN"].entries()) {
        const ofKind = queries.map((_, i) => i).filter((i) => i % 3 === kind);
        found = 0;
        const m = await measure(ofKind.length, (i) => search(ofKind[i]!), backendPids);
        console.log(format(`  queries '${label}'`, m), `— ${(found / ofKind.length).toFixed(1)} results`);
      }
    }
    found = 0;
    console.log(
      format(`${kind} GET /api/tasks/search (10k tasks), the 600 queries cycled`, await measure(SEARCHES, search, backendPids)),
      `— ${(found / SEARCHES).toFixed(1)} results per search`,
    );
    if (CREATES > 0) {
      await measure(40, create, backendPids);
      console.log(
        format(
          `${kind} POST /api/ai/breakdowns/:id/tasks (10 tasks)`,
          await profile("create", () => measure(CREATES, create, backendPids)),
        ),
      );
    }
    await app.close();
  } finally {
    // The SQLite checkpointer's worker is unref'd: without a timer, the process could end while
    // waiting for it to stop.
    const keepAlive = setInterval(() => undefined, 1000);
    await db.close().catch(() => undefined);
    clearInterval(keepAlive);
    await cleanup();
  }
}

for (const kind of databases) await run(kind);
