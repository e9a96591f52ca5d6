// Seeds the database the benchmarked app uses, through the project's own createDb and migrations,
// and mints the cookies a signed-in browser would send. Rows are written directly (not through the
// API) so that seeding is fast and does not depend on routes that may not exist yet.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { DatabaseConfig } from "../src/server/config.ts";
import { createDb, type Db } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import type { GoalStatus, NewTaskRow, TaskStatus } from "../src/server/db/schema.ts";
import { writeUserData } from "../src/server/db/user-data.ts";
import { tasksRepository } from "../src/server/modules/tasks/tasks.repository.ts";
import {
  ACCESS_COOKIE,
  ACCESS_TTL_MS,
  CSRF_COOKIE,
  CSRF_HEADER,
  REFRESH_COOKIE,
  REFRESH_IDLE_TTL_MS,
  SESSION_ABSOLUTE_TTL_MS,
  createAccessToken,
  createCsrfToken,
  createRefreshToken,
  hashRefreshToken,
} from "../src/server/modules/auth/session-tokens.ts";

const DAY_MS = 24 * 3600 * 1000;
// Well under both engines' bound-parameter limits (SQLite 32,766; PostgreSQL 65,535) for 21 columns.
const BATCH_ROWS = 500;

/** The seeding's own queries (and VACUUM) may take far past the app's 5 s on a busy machine. */
const SEEDING_QUERY_TIMEOUT_MS = 300_000;

export async function openBenchDb(config: DatabaseConfig): Promise<Db> {
  const seeding = config.kind === "postgres" ? { ...config, pool: { ...config.pool, queryTimeoutMs: SEEDING_QUERY_TIMEOUT_MS } } : config;
  const db = createDb(seeding, { onBackgroundError: (error) => console.error("bench: database pool error:", error.message) });
  await migrateToLatest(db.kysely);
  return db;
}

export interface SeededSession {
  userId: string;
  sessionId: string;
  /** Cookies and X-CSRF-Token, valid for GET and for POST/PUT/PATCH/DELETE. */
  headers: Record<string, string>;
}

export async function seedUser(db: Db, now: Date, user: { name?: string; timeZone?: string } = {}): Promise<string> {
  const id = randomUUID();
  const iso = now.toISOString();
  await db.kysely
    .insertInto("users")
    .values({
      id,
      name: user.name ?? "Bench User",
      email: `${id}@bench.test`,
      avatarUrl: null,
      timeZone: user.timeZone ?? "Europe/Paris",
      createdAt: iso,
      updatedAt: iso,
    })
    .execute();
  return id;
}

/** A session row; with a refresh token's hash, that token is its one live refresh token. */
function sessionRow(userId: string, now: Date, id: string = randomUUID(), refreshHash = "") {
  const iso = now.toISOString();
  return {
    id,
    userId,
    createdAt: iso,
    lastUsedAt: iso,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_TTL_MS).toISOString(),
    revokedAt: null,
    userAgent: "bench",
    refreshHashes: refreshHash,
    retiredRefreshHashes: "",
    refreshRotatedAt: null,
    refreshExpiresAt: refreshHash ? new Date(now.getTime() + REFRESH_IDLE_TTL_MS).toISOString() : null,
  };
}

export async function seedSession(db: Db, userId: string, now: Date): Promise<string> {
  const row = sessionRow(userId, now);
  await db.kysely.insertInto("sessions").values(row).execute();
  return row.id;
}

/** The access and CSRF cookies and the CSRF header of a live session, as the browser sends them. */
export function sessionHeaders(secret: string, sessionId: string, now: Date): Record<string, string> {
  const access = createAccessToken(secret, sessionId, new Date(now.getTime() + ACCESS_TTL_MS));
  const csrf = createCsrfToken(secret, sessionId);
  return { cookie: `${ACCESS_COOKIE}=${access}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf };
}

export async function seedSignedInUser(
  db: Db,
  secret: string,
  now: Date,
  user: { name?: string; timeZone?: string } = {},
): Promise<SeededSession> {
  const userId = await seedUser(db, now, user);
  const sessionId = await seedSession(db, userId, now);
  return { userId, sessionId, headers: sessionHeaders(secret, sessionId, now) };
}

export interface RefreshCredential {
  /** The headers of a browser whose access cookie has expired: refresh and CSRF cookies, CSRF header. */
  headers: Record<string, string>;
}

/**
 * Many independent sign-ins of one user, each with its own session and its one live refresh token.
 * Refresh rotates its token, so a load test needs one token per request; giving each its own
 * session keeps a rotation in one family from looking like a replay in another.
 */
export async function seedRefreshCredentials(
  db: Db,
  secret: string,
  userId: string,
  count: number,
  now: Date,
): Promise<RefreshCredential[]> {
  const credentials: RefreshCredential[] = [];
  await db.kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += BATCH_ROWS) {
      const size = Math.min(BATCH_ROWS, count - start);
      const ids = Array.from({ length: size }, () => randomUUID());
      const tokens = ids.map((id) => createRefreshToken(secret, id));
      await trx
        .insertInto("sessions")
        .values(ids.map((id, i) => sessionRow(userId, now, id, hashRefreshToken(tokens[i]!))))
        .execute();
      ids.forEach((sessionId, i) => {
        const csrf = createCsrfToken(secret, sessionId);
        credentials.push({
          headers: { cookie: `${REFRESH_COOKIE}=${tokens[i]}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf },
        });
      });
    }
  });
  return credentials;
}

export function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return formatDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

const GOAL_STATUSES: GoalStatus[] = ["active", "active", "active", "paused", "completed"];

export async function seedGoals(db: Db, userId: string, count: number, now: Date): Promise<string[]> {
  const iso = now.toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    userId,
    title: `Goal ${i + 1}`,
    description: i % 3 === 0 ? `Why goal ${i + 1} matters` : null,
    targetDate: i % 2 === 0 ? addDays(formatDay(now), 30 + i) : null,
    status: GOAL_STATUSES[i % GOAL_STATUSES.length]!,
    // Distinct creation instants so ordering by created_at is deterministic.
    createdAt: new Date(now.getTime() - (count - i) * 60_000).toISOString(),
    updatedAt: iso,
  }));
  // As the app writes a user's data: the version is raised first (src/server/db/user-data.ts).
  await writeUserData(db.kysely, userId, ["all"], async (trx) => {
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      await trx
        .insertInto("goals")
        .values(rows.slice(start, start + BATCH_ROWS))
        .execute();
    }
  });
  return rows.map((row) => row.id);
}

const DURATIONS = [15, 30, 45, 60, 90, 120, 180];

export interface SeedTasksOptions {
  count: number;
  /** First calendar day; tasks are spread evenly over `days` days from it. */
  firstDay: string;
  days: number;
  /** Tasks are linked round-robin to these goals (none when empty). */
  goalIds?: string[];
  /** Days before this one are the past: mostly done, some left over or stalled. */
  today: string;
}

/**
 * A realistic year of tasks: past days mostly done, some left over or stalled; today and the
 * future todo. No task is in progress, so that reads never trigger the stall rule's writes.
 */
export async function seedTasks(db: Db, userId: string, now: Date, options: SeedTasksOptions): Promise<void> {
  const iso = now.toISOString();
  const goalIds = options.goalIds ?? [];
  const rows: NewTaskRow[] = [];
  for (let i = 0; i < options.count; i++) {
    const date = addDays(options.firstDay, i % options.days);
    const isPast = date < options.today;
    const status: TaskStatus = !isPast ? "todo" : i % 10 < 8 ? "done" : i % 10 === 8 ? "todo" : "stalled";
    const estimate = DURATIONS[i % DURATIONS.length]!;
    const startedAt = status === "todo" ? null : `${date}T09:00:00.000Z`;
    rows.push({
      id: randomUUID(),
      userId,
      goalId: goalIds.length > 0 ? goalIds[i % goalIds.length]! : null,
      title: `Task ${i + 1}`,
      description: i % 4 === 0 ? `Notes for task ${i + 1}` : null,
      status,
      date,
      estimatedDuration: i % 5 === 0 ? null : estimate,
      scheduledStartTime: i % 3 === 0 ? `${String(8 + (i % 10)).padStart(2, "0")}:30` : null,
      firstStartedAt: startedAt,
      currentSessionStartedAt: null,
      workSessionCount: startedAt ? 1 : 0,
      startedAt,
      completedAt: status === "done" ? `${date}T10:00:00.000Z` : null,
      trackedMinutes: status === "done" ? estimate : 0,
      rolloverCount: 0,
      firstPlannedDate: date,
      rolledOverFromDate: null,
      createdAt: iso,
      updatedAt: iso,
    });
  }
  await writeUserData(db.kysely, userId, ["all"], async (trx) => {
    // Through the repository, so that each task's title words (task search) are written as the
    // app writes them.
    const tasks = tasksRepository(trx, db.dialect);
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      await tasks.insertTasks(
        userId,
        rows.slice(start, start + BATCH_ROWS).map(({ userId: _owner, ...row }) => row),
      );
    }
    // The goals keep their task counts (migration 0003), which the app maintains on every task
    // write; rows written directly must keep them too.
    await sql`
      update goals set
        total_tasks_count = (select count(*) from tasks where tasks.goal_id = goals.id and tasks.user_id = goals.user_id),
        completed_tasks_count = (
          select count(*) from tasks where tasks.goal_id = goals.id and tasks.user_id = goals.user_id and tasks.status = 'done'
        )
      where goals.user_id = ${userId}
    `.execute(trx);
  });
}

/**
 * `perDay` todo tasks on each of `days` for one user (no goal), written directly: a day to close
 * for the rollover benchmarks. Their creation instants are distinct, for a stable order.
 */
export async function seedDayTasks(
  db: Db,
  userId: string,
  days: readonly string[],
  perDay: number,
  now: Date,
  stepsPerTask = 0,
): Promise<void> {
  const iso = now.toISOString();
  const rows: NewTaskRow[] = days.flatMap((date) =>
    Array.from({ length: perDay }, (_, i) => ({
      id: randomUUID(),
      userId,
      goalId: null,
      title: `Task ${i + 1} of ${date}`,
      description: null,
      status: "todo" as const,
      date,
      estimatedDuration: DURATIONS[i % DURATIONS.length]!,
      scheduledStartTime: null,
      firstStartedAt: null,
      currentSessionStartedAt: null,
      workSessionCount: 0,
      startedAt: null,
      completedAt: null,
      trackedMinutes: 0,
      rolloverCount: 0,
      firstPlannedDate: date,
      rolledOverFromDate: null,
      checklist: JSON.stringify(
        Array.from({ length: stepsPerTask }, (_, step) => ({
          id: randomUUID(),
          title: `Step ${step + 1} of task ${i + 1}`,
          done: step % 3 === 0,
        })),
      ),
      createdAt: new Date(now.getTime() + i).toISOString(),
      updatedAt: iso,
    })),
  );
  await writeUserData(db.kysely, userId, ["all"], async (trx) => {
    // Through the repository, so that each task's title words (task search) are written as the
    // app writes them.
    const tasks = tasksRepository(trx, db.dialect);
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      await tasks.insertTasks(
        userId,
        rows.slice(start, start + BATCH_ROWS).map(({ userId: _owner, ...row }) => row),
      );
    }
  });
}
