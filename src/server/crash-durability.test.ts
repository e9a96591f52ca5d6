// Nothing acknowledged is lost. The real server (main.ts) runs as a child process on
// SQLite and on PostgreSQL; 24 clients write (creates, moves, deletes) while it is killed with
// SIGKILL; after a restart every acknowledged write is there, and nothing is half-written: each
// task's lifecycle fields agree with its status, and each goal's counts equal its tasks.
// `RESILIENCE_FULL=1` (npm run test:resilience) kills three times per database; npm test once.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "./app.ts";
import { createDb } from "./db/database.ts";
import type { DatabaseConfig } from "./config.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { freePort } from "./test/free-port.ts";
import { type SignedInUser, signInTestUser } from "./test/sign-in.ts";
import { TEST_SECRET, testConfig } from "./test/test-app.ts";

const main = fileURLToPath(new URL("./main.ts", import.meta.url));
const KILLS = process.env.RESILIENCE_FULL === "1" ? 3 : 1;
const CLIENTS = 24;
const DAY = "2026-05-04";
const postgresUrl = inject("postgresUrl");

interface Target {
  env: Record<string, string>;
  database: DatabaseConfig;
  cleanup(): Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "daywise-crash-"));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    database: { kind: "sqlite", file: path.join(dataDir, "daywise.sqlite") },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const name = `daywise_crash_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl! });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "daywise-crash-"));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    database: { kind: "postgres", url: url.toString() },
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const cleaner = new pg.Client({ connectionString: postgresUrl! });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

/** A user and session made directly in the database, before the server starts. */
async function prepare(target: Target): Promise<SignedInUser> {
  const db = createDb(target.database);
  await migrateToLatest(db.kysely);
  const app = await buildApp(testConfig(), { db, logger: false, webRoot: "/nonexistent" });
  const user = await signInTestUser(app);
  await app.close();
  await db.close();
  return user;
}

async function startServer(target: Target, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    env: { ...process.env, ...target.env, PORT: String(port), SESSION_SECRET: TEST_SECRET, LOG_LEVEL: "error", NODE_ENV: "test" },
    stdio: "ignore",
  });
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/readyz`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 30_000, interval: 100 },
    )
    .toBe(200);
  return child;
}

interface Ledger {
  /** Tasks whose creation was acknowledged, with the goal they were created under. */
  created: Map<string, { goalId: string | null }>;
  /** The status of the last acknowledged move, while no later write of the task is in doubt. */
  status: Map<string, string>;
  deleted: Set<string>;
  /** Tasks with a write that got no answer: it may or may not have happened. */
  inDoubt: Set<string>;
}

const STATUSES = ["todo", "inprogress", "done", "stalled"] as const;

describe("crash durability: SIGKILL under write load", () => {
  const targets: Target[] = [];
  afterAll(async () => {
    for (const target of targets) await target.cleanup();
  });

  for (const dialect of ["sqlite", "postgres"] as const) {
    it.skipIf(dialect === "postgres" && !postgresUrl)(`keeps every acknowledged write [${dialect}]`, { timeout: 180_000 }, async () => {
      const target = dialect === "sqlite" ? await sqliteTarget() : await postgresTarget();
      targets.push(target);
      const user = await prepare(target);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const ledger: Ledger = { created: new Map(), status: new Map(), deleted: new Set(), inDoubt: new Set() };
      const goalIds: string[] = [];

      let server = await startServer(target, port);
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${base}/api/goals`, {
          method: "POST",
          headers: { ...user.mutatingHeaders, "content-type": "application/json" },
          body: JSON.stringify({ title: `Goal ${i}` }),
        });
        expect(response.status).toBe(201);
        goalIds.push((await response.json()).id);
      }

      const call = async (method: string, url: string, body?: unknown) => {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: { ...user.mutatingHeaders, ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: response.status, json: response.status < 300 ? await response.json() : undefined };
      };

      for (let kill = 0; kill < KILLS; kill++) {
        let running = true;
        let acknowledged = 0;
        const worker = async (index: number) => {
          let step = 0;
          while (running) {
            step++;
            const mine = [...ledger.created.keys()].filter((id) => !ledger.deleted.has(id) && !ledger.inDoubt.has(id));
            const taskId = mine[(index * 7 + step) % Math.max(mine.length, 1)];
            const kind = !taskId || step % 4 === 0 ? "create" : step % 9 === 0 ? "delete" : "move";
            try {
              if (kind === "create") {
                const goalId = step % 2 ? goalIds[step % goalIds.length]! : null;
                const { status, json } = await call("POST", "/api/tasks", { title: `w${index} s${step}`, date: DAY, goalId });
                if (status === 201) ledger.created.set(json.id, { goalId });
              } else {
                ledger.inDoubt.add(taskId!);
                if (kind === "delete") {
                  const { status } = await call("DELETE", `/api/tasks/${taskId}`);
                  if (status === 200) ledger.deleted.add(taskId!);
                } else {
                  const next = STATUSES[(step + index) % STATUSES.length]!;
                  const { status, json } = await call("PATCH", `/api/tasks/${taskId}`, { status: next });
                  if (status === 200) ledger.status.set(taskId!, json.status);
                }
                ledger.inDoubt.delete(taskId!);
              }
              acknowledged++;
            } catch {
              return; // the server is gone: this worker's write in flight stays in doubt
            }
          }
        };
        const workers = Array.from({ length: CLIENTS }, (_, index) => worker(index));
        await expect.poll(() => acknowledged, { timeout: 30_000, interval: 20 }).toBeGreaterThan(150 * (kill + 1));
        server.kill("SIGKILL");
        await new Promise((resolve) => server.once("exit", resolve));
        running = false;
        await Promise.all(workers);

        server = await startServer(target, port);
        await verify(target, user, ledger);
      }
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    });
  }
});

async function verify(target: Target, user: SignedInUser, ledger: Ledger): Promise<void> {
  const db = createDb(target.database);
  try {
    const tasks = await db.kysely.selectFrom("tasks").selectAll().where("userId", "=", user.userId).execute();
    const byId = new Map(tasks.map((task) => [task.id, task]));
    for (const [id, { goalId }] of ledger.created) {
      if (ledger.inDoubt.has(id)) continue;
      const task = byId.get(id);
      if (ledger.deleted.has(id)) {
        expect(task, `acknowledged delete of ${id}`).toBeUndefined();
        continue;
      }
      expect(task, `acknowledged create of ${id}`).toBeDefined();
      expect(task!.goalId).toBe(goalId);
      const status = ledger.status.get(id);
      if (status) expect(task!.status, `acknowledged move of ${id}`).toBe(status);
    }
    for (const task of tasks) {
      // Lifecycle stamps agree with the status: nothing half-written.
      expect(task.currentSessionStartedAt !== null, `session of ${task.id} (${task.status})`).toBe(task.status === "inprogress");
      expect(task.completedAt !== null, `completedAt of ${task.id} (${task.status})`).toBe(task.status === "done");
      if (task.workSessionCount > 0) expect(task.firstStartedAt).not.toBeNull();
    }
    const goals = await db.kysely.selectFrom("goals").selectAll().where("userId", "=", user.userId).execute();
    for (const goal of goals) {
      const linked = tasks.filter((task) => task.goalId === goal.id);
      expect(Number(goal.totalTasksCount), `total of ${goal.title}`).toBe(linked.length);
      expect(Number(goal.completedTasksCount), `completed of ${goal.title}`).toBe(linked.filter((task) => task.status === "done").length);
    }
  } finally {
    await db.close();
  }
}
