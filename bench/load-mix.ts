// Issue 18 "Load": 200 concurrent connections for 60 s on a realistic mix (day reads, Future Tasks
// reads, creates, moves) against the built server, on SQLite and on PostgreSQL. Budgets: no error
// and no non-2xx answer; memory after the run within 50 MB of before (no leak). p99 and the
// slowest request are recorded. `npm run bench:load` (after `npm run build`); settings:
// BENCH_LOAD_CONNECTIONS (200), BENCH_LOAD_SECONDS (60), BENCH_DATABASES, BENCH_POSTGRES_URL.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseConfig } from "../src/server/config.ts";
import type { Dialect } from "../src/server/db/database.ts";
import { runLoad, type RequestSpec } from "./lib/load.ts";
import { findFreePort, killAllChildren, readRssMb, startServer, waitUntilServing } from "./lib/processes.ts";
import { addDays, formatDay, openBenchDb, seedSignedInUser, seedTasks } from "./seed.ts";

const env = process.env;
const CONNECTIONS = Number(env.BENCH_LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(env.BENCH_LOAD_SECONDS ?? 60);
const USERS = 20;
const TASKS_PER_USER = 600;
const MEMORY_BUDGET_MB = 50;
const databases = new Set((env.BENCH_DATABASES ?? "sqlite,postgres").split(",").map((name) => name.trim()));
const postgresAdminUrl = env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const secret = randomBytes(48).toString("base64url");

interface Outcome {
  dialect: Dialect;
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
  rssBeforeMb: number | null;
  rssAfterMb: number | null;
}

async function measure(dialect: Dialect, databaseUrl?: string): Promise<Outcome> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "daywise-load-"));
  const port = await findFreePort();
  const server = startServer(
    "app",
    [path.join("dist", "server", "main.js")],
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: secret,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    port,
  );
  try {
    await waitUntilServing(server, "/readyz", performance.now(), 30_000);
    const dbConfig: DatabaseConfig = databaseUrl
      ? { kind: "postgres", url: databaseUrl }
      : { kind: "sqlite", file: path.join(dataDir, "daywise.sqlite") };
    const db = await openBenchDb(dbConfig);
    const now = new Date();
    const today = formatDay(now);
    const users: { headers: Record<string, string>; ids: string[] }[] = [];
    for (let i = 0; i < USERS; i++) {
      const user = await seedSignedInUser(db, secret, now, { name: `Load ${i}` });
      await seedTasks(db, user.userId, now, { count: TASKS_PER_USER, firstDay: addDays(today, -60), days: 90, today });
      const ids = (await db.kysely.selectFrom("tasks").select("id").where("userId", "=", user.userId).limit(200).execute()).map(
        (row) => row.id,
      );
      users.push({ headers: user.headers, ids });
    }
    await db.close();

    // The mix, by weight: a day read 40, the Future Tasks read 15, a create 25, a move 20.
    const statuses = ["todo", "inprogress", "done"];
    let turn = 0;
    const nextRequest = (): Partial<RequestSpec> => {
      turn++;
      const user = users[turn % USERS]!;
      const pick = turn % 20;
      if (pick < 8) return { method: "GET", path: `/api/tasks?date=${addDays(today, (turn % 30) - 15)}`, headers: user.headers };
      if (pick < 11) {
        return {
          method: "GET",
          path: `/api/tasks/future?startDate=${addDays(today, 1)}&endDate=${addDays(today, 30)}`,
          headers: user.headers,
        };
      }
      const json = { ...user.headers, "content-type": "application/json" };
      if (pick < 16) {
        return {
          method: "POST",
          path: "/api/tasks",
          headers: json,
          body: JSON.stringify({ title: `Load ${turn}`, date: today, estimatedDuration: 30 }),
        };
      }
      const id = user.ids[turn % user.ids.length]!;
      return {
        method: "PATCH",
        path: `/api/tasks/${id}`,
        headers: json,
        body: JSON.stringify({ status: statuses[turn % statuses.length] }),
      };
    };
    const request: RequestSpec = { method: "GET", path: "/healthz" };
    await runLoad({ baseUrl: server.baseUrl, request, connections: CONNECTIONS, seconds: Math.min(10, SECONDS), nextRequest });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rssBeforeMb = readRssMb(server.pid);
    const result = await runLoad({ baseUrl: server.baseUrl, request, connections: CONNECTIONS, seconds: SECONDS, nextRequest });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rssAfterMb = readRssMb(server.pid);
    return { dialect, ...result, rssBeforeMb, rssAfterMb };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withPostgresDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `daywise_load_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const outcomes: Outcome[] = [];
try {
  if (databases.has("sqlite")) outcomes.push(await measure("sqlite"));
  if (databases.has("postgres")) outcomes.push(await withPostgresDatabase((url) => measure("postgres", url)));
} finally {
  killAllChildren();
}

console.log(
  `\nLoad: ${CONNECTIONS} connections, ${SECONDS} s, mix 40% day reads / 15% future reads / 25% creates / 20% moves, ${os.loadavg()[0]!.toFixed(1)} load average\n`,
);
console.log("| database | requests | req/s | p50 ms | p99 ms | max ms | errors | non-2xx | RSS before → after (MB) | verdict |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
let failed = false;
for (const o of outcomes) {
  const grew = o.rssBeforeMb !== null && o.rssAfterMb !== null ? o.rssAfterMb - o.rssBeforeMb : null;
  const pass = o.errors === 0 && o.non2xx === 0 && (grew === null || grew <= MEMORY_BUDGET_MB);
  failed ||= !pass;
  const rss = o.rssBeforeMb === null ? "n/a" : `${o.rssBeforeMb.toFixed(0)} → ${o.rssAfterMb?.toFixed(0)}`;
  console.log(
    `| ${o.dialect} | ${o.requests} | ${o.rps.toFixed(0)} | ${o.p50Ms} | ${o.p99Ms} | ${o.maxMs} | ${o.errors} | ${o.non2xx} | ${rss} | ${pass ? "PASS" : "FAIL"} |`,
  );
}
process.exitCode = failed ? 1 : 0;
