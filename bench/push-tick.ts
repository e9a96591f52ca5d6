// Issue 55's budget: a push tick with 100,000 users who have a device, of whom 1,000 have a task
// starting in 5 minutes, finds and sends every reminder within the scheduler tick's budget (one
// interval, as bench/rollover-tick.ts), and a tick with nothing due stays within the rollover tick's idle budget. Measured in this process on the
// app's job, sending to web-push-testing's local push service (VAPID checked, payloads decrypted):
//
//   node --import tsx bench/push-tick.ts        (BENCH_DATABASES=sqlite to leave PostgreSQL out)
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { loadConfig } from "../src/server/config.ts";
import type { Dialect } from "../src/server/db/database.ts";
import type { NewTaskRow } from "../src/server/db/schema.ts";
import { pushJob } from "../src/server/jobs/push.job.ts";
import { makeVapidKeys } from "../src/server/modules/push/push-send.ts";
import { startLocalPushService } from "../src/server/test/local-push-service.ts";
import { onEachDatabase } from "./lib/each-database.ts";
import { openBenchDb } from "./seed.ts";

const rolloverIntervalMs = loadConfig({ SESSION_SECRET: "bench".repeat(10), DATABASE_URL: "postgres://bench@127.0.0.1/bench" })
  .rolloverScheduler.intervalMs;
const users = Number(process.env.BENCH_PUSH_USERS ?? 100_000);

export const PUSH_TICK_BUDGETS = {
  users,
  due: Number(process.env.BENCH_PUSH_DUE ?? 1_000),
  dueTickMs: rolloverIntervalMs,
  idleTickMs: rolloverIntervalMs / 10_000,
} as const;

const BATCH_ROWS = 500;
const IDLE_RUNS = 50;

export interface PushTickCheck {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measureOn(dialect: Dialect, config: Parameters<typeof openBenchDb>[0]): Promise<PushTickCheck[]> {
  const db = await openBenchDb(config);
  const pushService = await startLocalPushService();
  try {
    const now = new Date("2030-06-15T09:00:00.000Z");
    const nowIso = now.toISOString();
    const keys = makeVapidKeys();
    const step = PUSH_TICK_BUDGETS.users / PUSH_TICK_BUDGETS.due;
    const due: string[] = [];
    for (let start = 0; start < PUSH_TICK_BUDGETS.users; start += BATCH_ROWS) {
      const ids = Array.from({ length: Math.min(BATCH_ROWS, PUSH_TICK_BUDGETS.users - start) }, () => randomUUID());
      const rows = ids.map((id, i) => ({
        id,
        name: `User ${start + i}`,
        email: null,
        avatarUrl: null,
        timeZone: "UTC",
        createdAt: nowIso,
        updatedAt: nowIso,
      }));
      await db.kysely.insertInto("users").values(rows).execute();
      const settings = ids.map((userId, i) => {
        const isDue = (start + i) % step === 0;
        if (isDue) due.push(userId);
        // The others are next looked at from a minute to a day ahead.
        const next = isDue ? nowIso : new Date(now.getTime() + 60_000 + ((start + i) % 1440) * 60_000).toISOString();
        return { userId, nextCheckAt: next, updatedAt: nowIso };
      });
      await db.kysely.insertInto("pushSettings").values(settings).execute();
    }
    const devices = [];
    for (const userId of due) {
      const device = await pushService.subscribe(keys.publicKey);
      devices.push(device);
      const row = { id: randomUUID(), userId, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth };
      await db.kysely
        .insertInto("pushSubscriptions")
        .values({ ...row, deviceName: "Chrome on Android", createdAt: nowIso, lastUsedAt: null })
        .execute();
    }
    const tasks: NewTaskRow[] = due.map((userId) => ({
      id: randomUUID(),
      userId,
      title: "Write the report",
      status: "todo" as const,
      date: "2030-06-15",
      scheduledStartTime: "09:05",
      estimatedDuration: 30,
      firstPlannedDate: "2030-06-15",
      createdAt: nowIso,
      updatedAt: nowIso,
    }));
    for (let start = 0; start < tasks.length; start += BATCH_ROWS)
      await db.kysely
        .insertInto("tasks")
        .values(tasks.slice(start, start + BATCH_ROWS))
        .execute();
    if (dialect === "postgres") await sql`analyze`.execute(db.kysely);

    const errors: unknown[] = [];
    let clock = now;
    const job = pushJob({
      db,
      now: () => clock,
      log: { error: (error: unknown) => errors.push(error), info: () => {} } as never,
      config: { push: { allowPrivateEndpoints: true, vapid: keys, subject: "mailto:bench@example.com" } },
    });
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const result = await job.tick();
    const dueMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const received = devices.filter((device) => pushService.received(device).length === 1).length;

    clock = new Date(now.getTime() + 1_000);
    const idle: number[] = [];
    for (let i = 0; i < IDLE_RUNS; i++) {
      const at = performance.now();
      const quiet = await job.tick();
      idle.push(performance.now() - at);
      if (quiet.reminders !== 0 || quiet.sent !== 0) throw new Error("an idle tick found work");
    }
    await job.stop();
    if (errors.length > 0) throw new Error(`the tick failed ${errors.length} times: ${String(errors[0])}`);
    return [
      {
        name: `${dialect}: push tick with ${PUSH_TICK_BUDGETS.users.toLocaleString("en")} users, ${result.reminders} reminders due, ${result.sent} sent, ${received} received`,
        value: `${dueMs.toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms, with the push service's decryption)`,
        budget: `every reminder received, < ${PUSH_TICK_BUDGETS.dueTickMs.toLocaleString("en")} ms (one scheduler interval)`,
        pass: dueMs < PUSH_TICK_BUDGETS.dueTickMs && received === PUSH_TICK_BUDGETS.due,
      },
      {
        name: `${dialect}: push tick with nothing due (median of ${IDLE_RUNS}, max ${Math.max(...idle).toFixed(2)} ms)`,
        value: `${median(idle).toFixed(2)} ms`,
        budget: `< ${PUSH_TICK_BUDGETS.idleTickMs} ms (the rollover tick's idle budget)`,
        pass: median(idle) < PUSH_TICK_BUDGETS.idleTickMs,
      },
    ];
  } finally {
    await pushService.close();
    await db.close();
  }
}

export async function measurePushTick(options: { databases: Set<string>; postgresAdminUrl: string }): Promise<PushTickCheck[]> {
  return onEachDatabase(options, "push", measureOn);
}

export function printPushTick(checks: readonly PushTickCheck[]): void {
  for (const check of checks) console.log(`${check.pass ? "PASS" : "FAIL"}  ${check.name}: ${check.value} (budget ${check.budget})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const databases = new Set((process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",").map((name) => name.trim()));
  const postgresAdminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const keepAlive = setInterval(() => {}, 1_000);
  try {
    printPushTick(await measurePushTick({ databases, postgresAdminUrl }));
  } finally {
    clearInterval(keepAlive);
  }
}
