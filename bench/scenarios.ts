// The app's benchmarked routes. A feature adds its hot routes here: a path, an optional setup that
// seeds data and signs in (returning the headers to send), and its budget. A route that does not
// exist yet is reported as skipped, not failed.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db, Dialect } from "../src/server/db/database.ts";
import type { ProposalOperation } from "../src/server/modules/ai-proposals/proposal-views.ts";
import { proposalsService } from "../src/server/modules/ai-proposals/proposals.service.ts";
import { oauthService } from "../src/server/modules/oauth/oauth.service.ts";
import { tokensService } from "../src/server/modules/tokens/tokens.service.ts";
import { connectAppDirectly } from "../src/server/test/oauth-client.ts";
import type { RequestSpec } from "./lib/load.ts";
import { httpRequest } from "./lib/processes.ts";
import {
  addDays,
  formatDay,
  seedGoals,
  seedDayTasks,
  seedRefreshCredentials,
  seedSignedInUser,
  seedTasks,
  seedUser,
  type SeededSession,
} from "./seed.ts";

export interface BenchContext {
  dialect: Dialect;
  /** The app's own database, opened through createDb (already migrated). */
  db: Db;
  /** The SESSION_SECRET the app was started with, to mint cookies. */
  secret: string;
  baseUrl: string;
  now: Date;
  connections: number;
  /** Seeds shared by several scenarios run once per database. */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
}

export interface ScenarioLoad {
  headers?: Record<string, string>;
  /** Each request's own path, headers or body (e.g. a fresh refresh token, another day). */
  nextRequest?: () => Partial<RequestSpec>;
  /**
   * For requests that use something up (a refresh token): `count` fresh requests, seeded when
   * called, handed out one per request. Each run (warm-up, timed run) gets its own; the scenario
   * still runs for about BENCH_WARMUP_SECONDS and BENCH_SECONDS (bench/README.md).
   */
  freshRequests?: (count: number) => Promise<() => Partial<RequestSpec>>;
  /** How the figure was obtained, printed beside it. */
  note?: string;
}

/** A number applies to both databases; an object names the databases it applies to. */
export type PerDialect = number | Partial<Record<Dialect, number>>;

export interface Scenario {
  name: string;
  method?: RequestSpec["method"];
  path: string;
  body?: unknown;
  setup?: (ctx: BenchContext) => Promise<ScenarioLoad>;
  /** The route's own concurrency when the shared one (BENCH_CONNECTIONS) does not stand for its use; the note says so. */
  connections?: number;
  /**
   * Ratios to the baseline run just before the scenario's, at its connections (bench/README.md):
   * p99 at most `p99VsBaseline` times the baseline's p99, req/s at least `minRatio` of its req/s.
   * `p99Ms`: a user-felt limit instead, for one person's action, with 3x room over a quiet run.
   */
  budget?: {
    p99VsBaseline?: PerDialect;
    minRatio?: PerDialect;
    p99Ms?: PerDialect;
    /** p99 at most `times` the named scenario's p99 on the same database in this run. */
    p99VsScenario?: { name: string; times: number };
    /** The server's CPU per request at most `times` the named scenario's, where the load generator bounds the p99. */
    cpuVsScenario?: { name: string; times: number };
  };
  /** The status every answer should have when it is not a 2xx (a conditional GET's 304). */
  status?: number;
}

export function budgetFor(value: PerDialect | undefined, dialect: Dialect): number | undefined {
  if (value === undefined || typeof value === "number") return value;
  return value[dialect];
}

const TASKS_PER_USER = 10_000;
const DAYS_OF_TASKS = 365;
const GOALS_PER_USER = 200;
const SERIES_PER_USER = 50;
const DAY_OF_200 = "GET /api/tasks?date= (200 tasks)";
const CHECKLIST_STEPS = 10;
const BUSY_DAYS = 20;

interface PlannerUser extends SeededSession {
  days: string[];
}

/**
 * A user with a year of tasks (10,000, about 27 a day) linked round-robin to 200 goals, beside a
 * neighbour with as many tasks, so that every query has to use its user index.
 */
function seedPlannerUser(ctx: BenchContext): Promise<PlannerUser> {
  return ctx.once("planner-user", async () => {
    const today = formatDay(ctx.now);
    const firstDay = addDays(today, -Math.floor(DAYS_OF_TASKS / 2));
    const user = await seedSignedInUser(ctx.db, ctx.secret, ctx.now, { name: "Planner" });
    const goalIds = await seedGoals(ctx.db, user.userId, GOALS_PER_USER, ctx.now);
    await seedTasks(ctx.db, user.userId, ctx.now, { count: TASKS_PER_USER, firstDay, days: DAYS_OF_TASKS, goalIds, today });
    const neighbourId = await seedUser(ctx.db, ctx.now, { name: "Neighbour" });
    const neighbourGoals = await seedGoals(ctx.db, neighbourId, GOALS_PER_USER, ctx.now);
    await seedTasks(ctx.db, neighbourId, ctx.now, {
      count: TASKS_PER_USER,
      firstDay,
      days: DAYS_OF_TASKS,
      goalIds: neighbourGoals,
      today,
    });
    const days = Array.from({ length: DAYS_OF_TASKS }, (_, i) => addDays(firstDay, i));
    return { ...user, days };
  });
}

const ROLLOVER_TASKS_PER_DAY = 50;
const ROLLOVER_USERS = 50;

/**
 * Days to close for POST /api/rollover/trigger: each request closes another (user, day) holding
 * 50 todo tasks, as closing a day once is the real work (a repeat only reads the stored summary).
 * Days to close are two apart, so the tasks a close moves to the next day never land on a day
 * that is closed later; the users take turns, so one user's closes rarely wait for each other.
 * The days are long past: a day after the user's today cannot be closed (decision 020).
 */
function rolloverDays(ctx: BenchContext): ScenarioLoad["freshRequests"] {
  const users = Promise.all(
    Array.from({ length: ROLLOVER_USERS }, (_, i) => seedSignedInUser(ctx.db, ctx.secret, ctx.now, { name: `Closer ${i + 1}` })),
  );
  const nextDay: string[] = Array.from({ length: ROLLOVER_USERS }, () => "2020-01-01");
  return async (count) => {
    const closers = await users;
    // Margin: autocannon prepares one request per connection ahead of the ones it sends.
    const perUser = Math.ceil((count + ctx.connections + 10) / closers.length);
    const daysByUser: string[][] = [];
    for (const [index, user] of closers.entries()) {
      const days = Array.from({ length: perUser }, (_, k) => addDays(nextDay[index]!, 2 * k));
      await seedDayTasks(ctx.db, user.userId, days, ROLLOVER_TASKS_PER_DAY, ctx.now);
      // These days are seeded after the setup's ANALYZE, which saw no task: PostgreSQL's cached
      // plans of the foreign key checks (a seeded task's words refer to it) were made for an empty
      // table, and without autovacuum (a CI server may run without) nothing makes them be planned
      // again, so each check scanned the whole growing table until one hit the statement timeout.
      // Statistics from the first user's rows give the seeding the plans a live server would have.
      // (Not bound by the app's statement timeout: on a loaded machine ANALYZE alone can take longer.)
      if (index === 0 && ctx.dialect === "postgres") {
        await ctx.db.kysely.transaction().execute(async (trx) => {
          await sql`set local statement_timeout = 0`.execute(trx);
          await sql`analyze tasks`.execute(trx);
        });
      }
      nextDay[index] = addDays(nextDay[index]!, 2 * perUser);
      daysByUser.push(days);
    }
    let next = 0;
    return () => {
      const index = next++;
      const user = index % closers.length;
      const day = daysByUser[user]![Math.floor(index / closers.length)];
      if (!day) throw new Error(`more rollover requests than the ${perUser * closers.length} days seeded`);
      return { headers: closers[user]!.headers, body: JSON.stringify({ date: day }) };
    };
  };
}

const BREAKDOWN_USERS = 20;
/**
 * The breakdown budgets are the cost of one person's action, not of a flood: the server's overhead
 * on a model call is measured one request at a time (at 50 connections the figure would be
 * queueing behind the other 49), the creation of 10 tasks at 5 at once.
 */
const BREAKDOWN_OVERHEAD_CONNECTIONS = 1;
const BREAKDOWN_TASKS_CONNECTIONS = 5;

interface BreakdownUser extends SeededSession {
  goalId: string;
  breakdownId: string;
}

/**
 * Users with a goal of 12 tasks and a recorded breakdown of it, taking turns (so that no single
 * user's limit counters or goal row take every request).
 */
function seedBreakdownUsers(ctx: BenchContext): Promise<BreakdownUser[]> {
  return ctx.once("breakdown-users", async () => {
    const users: BreakdownUser[] = [];
    const today = formatDay(ctx.now);
    for (let index = 0; index < BREAKDOWN_USERS; index++) {
      const user = await seedSignedInUser(ctx.db, ctx.secret, ctx.now, { name: `Breaker ${index + 1}` });
      const [goalId] = await seedGoals(ctx.db, user.userId, 1, ctx.now);
      await seedTasks(ctx.db, user.userId, ctx.now, { count: 12, firstDay: today, days: 6, goalIds: [goalId!], today });
      const breakdownId = randomUUID();
      await ctx.db.kysely
        .insertInto("aiBreakdowns")
        .values({
          id: breakdownId,
          userId: user.userId,
          goalId: goalId!,
          provider: "openai",
          suggestionsShown: 10,
          inputTokens: null,
          outputTokens: null,
          createdAt: ctx.now.toISOString(),
        })
        .execute();
      users.push({ ...user, goalId: goalId!, breakdownId });
    }
    return users;
  });
}

const PROPOSAL_USERS = 20;
/** Apply and undo are one person's click: measured at 5 at once, as the breakdown's creation. */
const PROPOSAL_CONNECTIONS = 5;

/**
 * Fresh 10-change proposals (move 4 tasks to the next day, complete 2, delete 2, create 2), each
 * on its own day of 8 tasks, for `count` requests; `applied`: already applied, for undo. Stored
 * through the proposals service on the app's clock (real time), so none expires during the run.
 */
function proposalRequests(ctx: BenchContext, action: "apply" | "undo"): ScenarioLoad["freshRequests"] {
  const users = ctx.once("proposal-users", () =>
    Promise.all(
      Array.from({ length: PROPOSAL_USERS }, (_, i) => seedSignedInUser(ctx.db, ctx.secret, ctx.now, { name: `Proposer ${i + 1}` })),
    ),
  );
  const nextDay: string[] = Array.from({ length: PROPOSAL_USERS }, () => (action === "apply" ? "2021-01-01" : "2023-01-01"));
  const proposals = proposalsService({ kysely: ctx.db.kysely, dialect: ctx.dialect, now: () => new Date() });
  return async (count) => {
    const proposers = await users;
    const perUser = Math.ceil((count + ctx.connections + 10) / proposers.length);
    const ids: string[][] = [];
    for (const [index, user] of proposers.entries()) {
      const days = Array.from({ length: perUser }, (_, k) => addDays(nextDay[index]!, 2 * k));
      nextDay[index] = addDays(nextDay[index]!, 2 * perUser);
      await seedDayTasks(ctx.db, user.userId, days, 8, ctx.now);
      // As for rolloverDays: statistics from the first user's rows, or the seeding's foreign key
      // checks keep plans made for an empty table.
      if (index === 0 && ctx.dialect === "postgres") {
        await ctx.db.kysely.transaction().execute(async (trx) => {
          await sql`set local statement_timeout = 0`.execute(trx);
          await sql`analyze tasks`.execute(trx);
        });
      }
      const own: string[] = [];
      for (const day of days) {
        const tasks = await ctx.db.kysely
          .selectFrom("tasks")
          .select("id")
          .where("userId", "=", user.userId)
          .where("date", "=", day)
          .orderBy("createdAt")
          .execute();
        const operations: ProposalOperation[] = [
          ...tasks.slice(0, 4).map((task): ProposalOperation => ({ kind: "updateTask", taskId: task.id, body: { date: addDays(day, 1) } })),
          ...tasks.slice(4, 6).map((task): ProposalOperation => ({ kind: "updateTask", taskId: task.id, body: { status: "done" } })),
          ...tasks.slice(6, 8).map((task): ProposalOperation => ({ kind: "deleteTask", taskId: task.id })),
          { kind: "createTask", body: { title: "Call the bank", date: day, scheduledStartTime: "15:00" } },
          { kind: "createTask", body: { title: "Book the dentist", date: day, estimatedDuration: 15 } },
        ];
        const proposal = await proposals.propose(user.userId, "planDay", operations);
        if (action === "undo")
          await proposals.apply(
            user.userId,
            proposal.id,
            proposal.changes.map((change) => change.id),
          );
        own.push(proposal.id);
      }
      ids.push(own);
    }
    const body = JSON.stringify(action === "apply" ? { changeIds: Array.from({ length: 10 }, (_, k) => `c${k + 1}`) } : {});
    let next = 0;
    return () => {
      const index = next++;
      const user = index % proposers.length;
      const id = ids[user]![Math.floor(index / proposers.length)];
      if (!id) throw new Error(`more ${action} requests than the ${perUser * proposers.length} proposals seeded`);
      return { path: `/api/ai/proposals/${id}/${action}`, headers: proposers[user]!.headers, body };
    };
  };
}

/** A distinct client address per browser, as a reverse proxy reports it. */
function clientAddress(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** Cycles through the given values, one per request. */
/** The planner's write token, as an MCP client or a script sends it. */
const MCP_GET_DAY = "POST /mcp get_day (bearer token, 10k tasks)";

function plannerBearer(ctx: BenchContext): Promise<{ user: PlannerUser; authorization: string }> {
  return ctx.once("planner-token", async () => {
    const user = await seedPlannerUser(ctx);
    const connections = oauthService({ kysely: ctx.db.kysely, now: () => ctx.now, publicUrl: ctx.baseUrl, allowPrivateClientUrls: false });
    const tokens = tokensService({ kysely: ctx.db.kysely, dialect: ctx.dialect, now: () => ctx.now, connections });
    const { token } = await tokens.createToken(user.userId, { name: "Bench", scope: "write" });
    return { user, authorization: `Bearer ${token}` };
  });
}

/** The planner's connected app: an OAuth access token, as claude.ai's connector sends it. */
function plannerOauth(ctx: BenchContext): Promise<{ user: PlannerUser; authorization: string }> {
  return ctx.once("planner-oauth", async () => {
    const user = await seedPlannerUser(ctx);
    const oauth = oauthService({ kysely: ctx.db.kysely, now: () => ctx.now, publicUrl: ctx.baseUrl, allowPrivateClientUrls: false });
    const { tokens } = await connectAppDirectly(oauth, user.userId, "https://connector.example/callback");
    return { user, authorization: `Bearer ${tokens.access_token}` };
  });
}

function cycle<T>(values: T[]): () => T {
  let index = 0;
  return () => values[index++ % values.length]!;
}

const WRITERS = 20;
const TASKS_PER_WRITER = 20;
/** Ten people dropping a card or renaming a task at the same instant. */
export const TASK_WRITE_CONNECTIONS = 10;

/**
 * PATCH /api/tasks/:id renaming another of 20 users' tasks of today in turn; `keyed`: each request
 * with a fresh Idempotency-Key (issue 50), as the outbox sends every write.
 */
export async function taskWriteLoad(ctx: BenchContext, keyed: boolean): Promise<ScenarioLoad> {
  const writers = await ctx.once("task-writers", async () => {
    const today = formatDay(ctx.now);
    const seeded = [];
    for (let index = 0; index < WRITERS; index++) {
      const user = await seedSignedInUser(ctx.db, ctx.secret, ctx.now, { name: `Writer ${index + 1}` });
      await seedDayTasks(ctx.db, user.userId, [today], TASKS_PER_WRITER, ctx.now);
      const tasks = await ctx.db.kysely.selectFrom("tasks").select("id").where("userId", "=", user.userId).execute();
      seeded.push({ headers: user.headers, taskIds: tasks.map((task) => task.id) });
    }
    return seeded;
  });
  let next = 0;
  return {
    nextRequest: () => {
      const index = next++;
      const writer = writers[index % writers.length]!;
      const taskId = writer.taskIds[Math.floor(index / writers.length) % writer.taskIds.length]!;
      return {
        path: `/api/tasks/${taskId}`,
        headers: keyed ? { ...writer.headers, "idempotency-key": `"${randomUUID()}"` } : writer.headers,
        body: JSON.stringify({ title: `Renamed ${index}` }),
      };
    },
    note: `each request renames another of ${WRITERS} users' ${TASKS_PER_WRITER} tasks of today${keyed ? ", with a fresh Idempotency-Key" : ""}`,
  };
}

export const scenarios: Scenario[] = [
  {
    name: "GET /readyz",
    path: "/readyz",
  },
  {
    name: "GET /api/user",
    path: "/api/user",
    setup: async (ctx) => ({ headers: (await seedSignedInUser(ctx.db, ctx.secret, ctx.now)).headers }),
    budget: { p99VsBaseline: { sqlite: 25 } },
  },
  {
    name: "POST /auth/refresh",
    method: "POST",
    path: "/auth/refresh",
    // Every refresh rotates its token, so each request gets its own unused token (its own session),
    // as after a 401 in many browsers at once.
    setup: async (ctx) => {
      const userId = await seedUser(ctx.db, ctx.now, { name: "Refresher" });
      let seeded = 0;
      return {
        freshRequests: async (count) => {
          // Margin: autocannon prepares one request per connection ahead of the ones it sends.
          const credentials = await seedRefreshCredentials(ctx.db, ctx.secret, userId, count + ctx.connections + 10, ctx.now);
          const first = seeded;
          seeded += credentials.length;
          let next = 0;
          return () => {
            const index = next++;
            const credential = credentials[index];
            if (!credential) throw new Error(`more refresh requests than the ${credentials.length} seeded`);
            return { headers: { ...credential.headers, "x-forwarded-for": clientAddress(first + index) } };
          };
        },
        note: "each request with its own unused refresh token and client address",
      };
    },
    // A browser refreshes every 45 minutes, behind the one request that met a 401: under a second.
    budget: { p99Ms: 1_000 },
  },
  {
    name: "GET /api/tasks?date= (10k tasks)",
    path: "/api/tasks?date=",
    setup: async (ctx) => {
      const user = await seedPlannerUser(ctx);
      const day = cycle(user.days);
      return {
        headers: user.headers,
        nextRequest: () => ({ path: `/api/tasks?date=${day()}` }),
        note: "each request another day of the year (about 27 tasks); after each day's first read, from the user-data cache",
      };
    },
    // Each request also reads its session and data version (decision 028): one query before the kept answer.
    budget: { p99VsBaseline: 25, minRatio: { sqlite: 0.08, postgres: 0.06 } },
  },
  ...[0, CHECKLIST_STEPS].map((steps): Scenario => ({
    name: steps === 0 ? DAY_OF_200 : `${DAY_OF_200.slice(0, -1)} of ${steps} steps)`,
    path: "/api/tasks?date=",
    setup: async (ctx) => {
      const user = await seedSignedInUser(ctx.db, ctx.secret, ctx.now, { name: `Busy day, ${steps} steps` });
      const days = Array.from({ length: BUSY_DAYS }, (_, i) => addDays(formatDay(ctx.now), -i));
      await seedDayTasks(ctx.db, user.userId, days, 200, ctx.now, steps);
      const day = cycle(days);
      return {
        headers: user.headers,
        nextRequest: () => ({ path: `/api/tasks?date=${day()}` }),
        note: `each request another of ${BUSY_DAYS} days`,
      };
    },
    // Issue 53: the steps come in the day's one query, so a day of 2,000 steps costs about what its bytes cost.
    // Its p99 measures autocannon reading 50 bodies of 322 KB at once, not the server (decision 071).
    ...(steps === 0 ? {} : { budget: { cpuVsScenario: { name: DAY_OF_200, times: 3 } } }),
  })),
  {
    name: "GET /api/tasks?date= (50 daily series, 10k tasks)",
    path: "/api/tasks?date=",
    // Each of 60 days read once in the setup, which makes its 50 occurrences (decision 034); the run
    // then reads days whose occurrences exist, so no rule is evaluated per request.
    setup: async (ctx) => {
      const today = formatDay(ctx.now);
      const firstDay = addDays(today, -60);
      const user = await seedSignedInUser(ctx.db, ctx.secret, ctx.now, { name: "Routine keeper" });
      await seedTasks(ctx.db, user.userId, ctx.now, { count: TASKS_PER_USER, firstDay, days: DAYS_OF_TASKS, today });
      const iso = ctx.now.toISOString();
      await ctx.db.kysely
        .insertInto("taskSeries")
        .values(
          Array.from({ length: SERIES_PER_USER }, (_, i) => ({
            id: randomUUID(),
            userId: user.userId,
            recurrence: "FREQ=DAILY",
            startDate: firstDay,
            title: `Routine ${i + 1}`,
            description: null,
            estimatedDuration: 15,
            scheduledStartTime: null,
            goalId: null,
            createdAt: iso,
            updatedAt: iso,
          })),
        )
        .execute();
      const days = Array.from({ length: 60 }, (_, i) => addDays(firstDay, i + 1));
      for (const day of days) {
        const answer = await httpRequest(`${ctx.baseUrl}/api/tasks?date=${day}`, { method: "GET", headers: user.headers });
        if (answer.status !== 200) throw new Error(`reading a day answered ${answer.status}: ${answer.body.slice(0, 160)}`);
      }
      const day = cycle(days);
      return {
        headers: user.headers,
        nextRequest: () => ({ path: `/api/tasks?date=${day()}` }),
        note: "each request another of 60 days holding 50 occurrences made in the setup; after each day's first read, from the user-data cache",
      };
    },
    budget: { p99VsBaseline: 25 },
  },
  {
    name: "GET /api/tasks?date= (bearer token, 10k tasks)",
    path: "/api/tasks?date=",
    setup: async (ctx) => {
      const { user, authorization } = await plannerBearer(ctx);
      const day = cycle(user.days);
      return { headers: { authorization }, nextRequest: () => ({ path: `/api/tasks?date=${day()}` }), note: "as the cookie row above" };
    },
    budget: { p99VsBaseline: 25 },
  },
  ...[
    { name: MCP_GET_DAY, bearer: plannerBearer },
    { name: "POST /mcp get_day (OAuth access token, 10k tasks)", bearer: plannerOauth },
  ].map(({ name, bearer }): Scenario => ({
    name,
    method: "POST",
    path: "/mcp",
    setup: async (ctx: BenchContext) => {
      const { user, authorization } = await bearer(ctx);
      const day = cycle(user.days);
      const call = () => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_day", arguments: { date: day() } } });
      const headers = { authorization, accept: "application/json, text/event-stream", "content-type": "application/json" };
      return {
        headers,
        nextRequest: () => ({ body: JSON.stringify(call()) }),
        note: "5 at once (an assistant's calls follow each other); each call another day, with a server and transport of its own",
      };
    },
    connections: 5,
    // Beside the model's seconds around each call, 200 ms is not felt; a connected app's call costs what a token's
    // does, in the app's CPU: two p99s measured a minute apart read 1.5x beside a busy core (decision 077).
    budget: name === MCP_GET_DAY ? { p99Ms: 200 } : { cpuVsScenario: { name: MCP_GET_DAY, times: 1.5 } },
  })),
  {
    name: "GET /api/goals (200 goals, 10k tasks)",
    path: "/api/goals",
    setup: async (ctx) => ({
      headers: (await seedPlannerUser(ctx)).headers,
      note: "after the first read, from the user-data cache",
    }),
    budget: { p99VsBaseline: 25 },
  },
  {
    name: "GET /api/ai/insights?date= (10k tasks, computed)",
    path: "/api/ai/insights?date=",
    // The stored insights of 60 days, computed once before the run (their first computation is
    // measured by bench/insights-compute.ts); each request reads another of them. The setup's read
    // of each day keeps its answer in the user-data cache (decision 010), so the run measures kept
    // answers, as the tasks?date scenario does.
    setup: async (ctx) => {
      const user = await seedPlannerUser(ctx);
      const days = user.days.slice(-60);
      for (const day of days) {
        const answer = await httpRequest(`${ctx.baseUrl}/api/ai/insights?date=${day}`, { method: "GET", headers: user.headers });
        if (answer.status !== 200) throw new Error(`computing insights answered ${answer.status}: ${answer.body.slice(0, 160)}`);
      }
      const day = cycle(days);
      return {
        headers: user.headers,
        nextRequest: () => ({ path: `/api/ai/insights?date=${day()}` }),
        note: "each request another of 60 days whose insights are stored; after each day's first read (in the setup), from the user-data cache",
      };
    },
    budget: { p99VsBaseline: 25 },
  },
  {
    name: "GET /api/tasks/search?q= (10k tasks)",
    path: "/api/tasks/search?q=",
    setup: async (ctx) => {
      const user = await seedPlannerUser(ctx);
      // What a person types for a task they remember: a word and a number ("task 4821"), a number
      // alone, a prefix typed so far ("task 48"); each query once per cycle of 600.
      const queries = cycle(
        Array.from({ length: 600 }, (_, i) => {
          const n = 1 + ((i * 7919) % TASKS_PER_USER);
          return i % 3 === 0 ? `task ${n}` : i % 3 === 1 ? String(n) : `task ${String(n).slice(0, 2)}`;
        }),
      );
      return {
        headers: user.headers,
        nextRequest: () => ({ path: `/api/tasks/search?q=${encodeURIComponent(queries())}` }),
        note: "titles 'Task N' of a year; queries 'task N', 'N' and a two-digit prefix 'task NN' in turn (the last two match 100+ tasks); 20 results; 600 queries cycled; each from the database's word index",
      };
    },
    // As fast as a person types into the palette, not a server under siege; 100 ms feels instant.
    connections: 10,
    budget: { p99Ms: 100 },
  },
  {
    name: "PATCH /api/tasks/:id (rename)",
    method: "PATCH",
    path: "/api/tasks/:id",
    body: {},
    connections: TASK_WRITE_CONNECTIONS,
    setup: (ctx) => taskWriteLoad(ctx, false),
    // The board shows the change at once; a save is felt only when it fails and rolls back, within a second.
    budget: { p99Ms: 1_000 },
  },
  {
    name: "PATCH /api/tasks/:id (rename, fresh Idempotency-Key)",
    method: "PATCH",
    path: "/api/tasks/:id",
    body: {},
    connections: TASK_WRITE_CONNECTIONS,
    setup: (ctx) => taskWriteLoad(ctx, true),
    budget: { p99Ms: 1_000 },
  },
  {
    name: "POST /api/rollover/trigger (a day of 50 tasks)",
    method: "POST",
    path: "/api/rollover/trigger",
    body: {},
    setup: async (ctx) => ({
      freshRequests: rolloverDays(ctx),
      note: "each request closes another (user, day) of 50 todo tasks, all rolled over; 50 users take turns",
    }),
    // A person closes a day once; 10 closes of 50-task days in flight at every instant is far past
    // an evening peak; a once-a-day close shows its summary within a second (5x a busy run's 201 ms, decision 065).
    connections: 10,
    budget: { p99Ms: 1_000 },
  },
  {
    name: "POST /api/ai/breakdown-goal (instant model)",
    method: "POST",
    path: "/api/ai/breakdown-goal",
    body: {},
    connections: BREAKDOWN_OVERHEAD_CONNECTIONS,
    setup: async (ctx) => {
      const user = cycle(await seedBreakdownUsers(ctx));
      return {
        nextRequest: () => {
          const next = user();
          return {
            headers: next.headers,
            body: JSON.stringify({ goalId: next.goalId, provider: "openai", additionalContext: "Mornings only" }),
          };
        },
        note: `the provider (bench/ai-provider-server.ts, OpenAI's protocol) answers five suggestions at once, so the figure is the server's own overhead: limits, goal and tasks read, the call, the breakdown's record; ${BREAKDOWN_USERS} users take turns`,
      };
    },
    // The server's share of a model call that takes seconds.
    budget: { p99Ms: 250 },
  },
  {
    name: "POST /api/ai/breakdowns/:id/tasks (10 suggested tasks)",
    method: "POST",
    path: "/api/ai/breakdowns/:id/tasks",
    body: {},
    connections: BREAKDOWN_TASKS_CONNECTIONS,
    setup: async (ctx) => {
      const user = cycle(await seedBreakdownUsers(ctx));
      const today = formatDay(ctx.now);
      const tasks = Array.from({ length: 10 }, (_, index) => ({
        title: `Suggested task ${index + 1}`,
        description: "What done looks like.",
        estimatedDuration: 30 + 5 * index,
        ...(index % 3 === 0 ? {} : { date: addDays(today, index % 7) }),
      }));
      const body = JSON.stringify({ tasks });
      return {
        nextRequest: () => {
          const next = user();
          return { path: `/api/ai/breakdowns/${next.breakdownId}/tasks`, headers: next.headers, body };
        },
        note: `each request creates 10 tasks of a goal in one transaction (one multi-row insert, the goal's counts, the breakdown's accepted count); ${BREAKDOWN_USERS} users take turns`,
      };
    },
    // A click whose result shows: a quarter second.
    budget: { p99Ms: 250 },
  },
  {
    name: "POST /api/ai/proposals/:id/apply (10 changes)",
    method: "POST",
    path: "/api/ai/proposals/:id/apply",
    body: {},
    connections: PROPOSAL_CONNECTIONS,
    setup: async (ctx) => ({
      freshRequests: proposalRequests(ctx, "apply"),
      note: `each request applies another proposal of 10 changes (4 moves, 2 completions, 2 deletes, 2 new tasks) in one transaction; ${PROPOSAL_USERS} users take turns`,
    }),
    // Ten changes redrawn on the board at once: half a second (3x a busy run's 130 ms, decision 065).
    budget: { p99Ms: 500 },
  },
  {
    name: "POST /api/ai/proposals/:id/undo (10 changes)",
    method: "POST",
    path: "/api/ai/proposals/:id/undo",
    body: {},
    connections: PROPOSAL_CONNECTIONS,
    setup: async (ctx) => ({
      freshRequests: proposalRequests(ctx, "undo"),
      note: `each request undoes another applied proposal of 10 changes in one transaction; ${PROPOSAL_USERS} users take turns`,
    }),
    budget: { p99Ms: 500 },
  },
];
