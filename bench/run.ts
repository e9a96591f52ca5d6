// `npm run bench`: load tests of the built server on SQLite and PostgreSQL against a bare Fastify
// baseline, start-up time and memory, and the web app's initial JavaScript size, each checked
// against its budget. `--write` (or BENCH_WRITE=1) also rewrites bench/RESULTS.md.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../src/server/config.ts";
import type { Dialect } from "../src/server/db/database.ts";
import {
  FIRST_TOKEN_BUDGET_MS,
  type FirstTokenResult,
  measureStreamed,
  PROPOSAL_CARD_BUDGET_MS,
  type StreamedMeasure,
} from "./ai-first-token.ts";
import { measureIdempotencyCost } from "./idempotency-cost.ts";
import { measureWebhookCost } from "./webhook-cost.ts";
import { measureLiveEvents } from "./live-events.ts";
import { measureBoardRender, printBoardRender } from "./board-render.ts";
import { measureTimelineInteraction, printTimelineInteraction } from "./timeline-interaction.ts";
import { measureDialogInteraction, printDialogInteraction } from "./dialog-interaction.ts";
import { measureOutboxFlush } from "./outbox-flush.ts";
import { measureDataTransfer } from "./data-transfer.ts";
import { measureInsightsCompute, printInsightsCompute } from "./insights-compute.ts";
import { type LighthouseResult, LIGHTHOUSE_BUDGETS, measureLighthouse } from "./lighthouse.ts";
import { measurePushTick, printPushTick } from "./push-tick.ts";
import { measureRolloverTick, printRolloverTick } from "./rollover-tick.ts";
import { measureSqliteWal } from "./sqlite-wal.ts";
import { measureBundle, measureFirstPaint } from "./lib/bundle.ts";
import { APP_MODULE, pageModules } from "../src/server/plugins/web-app.ts";
import { type LoadResult, type RequestSpec, runLoad } from "./lib/load.ts";
import { findFreePort, httpRequest, killAllChildren, readCpuMs, readRssMb, startServer, waitUntilServing } from "./lib/processes.ts";
import {
  type BudgetCheck,
  type Outcome,
  type Report,
  type ScenarioRow,
  type Settings,
  type StartupReport,
  printReport,
  renderMarkdown,
} from "./lib/report.ts";
import { type BenchContext, type Scenario, budgetFor, scenarios } from "./scenarios.ts";
import { calendarScenarios } from "./calendar.ts";
import { dayPlanScenarios } from "./day-plan.ts";
import { openBenchDb, seedSignedInUser } from "./seed.ts";

scenarios.push(...calendarScenarios, ...dayPlanScenarios);

const env = process.env;
const settings: Settings = {
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  seconds: Number(env.BENCH_SECONDS ?? 5),
  warmupSeconds: Number(env.BENCH_WARMUP_SECONDS ?? 1),
  adjacentBaselineSeconds: Number(env.BENCH_BASELINE_SECONDS ?? 2),
};
// Narrow a run while working on one feature: BENCH_ONLY=tasks, BENCH_DATABASES=sqlite.
const onlyScenarios = env.BENCH_ONLY?.toLowerCase();
const databases = new Set((env.BENCH_DATABASES ?? "sqlite,postgres").split(",").map((name) => name.trim()));
const shouldWrite = process.argv.includes("--write") || env.BENCH_WRITE === "1";
const postgresAdminUrl = env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const startupRuns = Number(env.BENCH_STARTUP_RUNS ?? 3);

/** The first run of a scenario with fresh requests, which gives the rate that sizes the next ones. */
const FRESH_RUN_MIN_REQUESTS = 2_000;
// Start-up and memory as multiples of the hello-world's, measured beside the app's starts; the initial
// JavaScript a size with room for the first paint's own growth, not for a lazy chunk of 5 KB (decision 065).
const BUDGETS = { startupVsBaseline: 8, rssVsBaseline: 3, initialJsBytes: 125 * 1024 };
const root = process.cwd();
const serverEntry = path.join("dist", "server", "main.js");
const webRoot = path.join(root, "dist", "web");
// The app's SESSION_SECRET, so that seeded sessions can be turned into cookies here.
const sessionSecret = randomBytes(48).toString("base64url");

const cleanups: (() => Promise<void>)[] = [];
/** Where bench/RESULTS.md's hand-kept section (load and failure figures) starts. */
const KEPT_SECTION_MARKER = "<!-- kept by npm run bench --write: figures of other runs -->";

function tempDataDir(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `daywise-bench-${label}-`));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The app's OpenAI provider during the bench: bench/ai-provider-server.ts, which answers at once
 * (issue 13's budgets are the app's own share of a chat). Started before the first app.
 */
let aiProviderBaseUrl = "";
const AI_PROVIDER_KEY = "bench-openai-key-0123456789";

async function startAiProvider(): Promise<void> {
  const port = await findFreePort();
  const server = startServer("ai-provider", ["--import", "tsx", path.join("bench", "ai-provider-server.ts")], { PORT: String(port) }, port);
  cleanups.push(() => server.stop());
  await waitUntilServing(server, "/health", performance.now());
  aiProviderBaseUrl = `${server.baseUrl}/v1`;
}

// Profiling the app under load: BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
const appArgs = [...(env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []), serverEntry];

function appEnv(port: number, dataDir: string, databaseUrl?: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SESSION_SECRET: sessionSecret,
    // As behind one reverse proxy: scenarios that stand for many browsers (refresh) send each
    // request from its own X-Forwarded-For address, so the per-address /auth rate limit counts
    // (and costs) as in production instead of refusing one address's flood with 429.
    TRUST_PROXY: "1",
    OPENAI_API_KEY: AI_PROVIDER_KEY,
    OPENAI_BASE_URL: aiProviderBaseUrl,
    OPENAI_MODEL: "bench-model",
    // The per-user AI limit still counts every request in the database; it just never refuses here.
    AI_RATE_LIMIT_PER_MINUTE: "1000000000",
    AI_RATE_LIMIT_PER_DAY: "1000000000",
    MCP_RATE_LIMIT_PER_MINUTE: "1000000000",
    WEBHOOK_ALLOW_PRIVATE_URLS: "1",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

function describe(load: LoadResult): string {
  const errors = load.non2xx + load.errors > 0 ? `  (${load.non2xx} non-2xx, ${load.errors} errors)` : "";
  return `${Math.round(load.rps).toLocaleString("en-US")} req/s, p50 ${load.p50Ms.toFixed(1)} ms, p99 ${load.p99Ms.toFixed(1)} ms${errors}`;
}

interface Baseline {
  /** A full run (warm-up and BENCH_SECONDS), printed. */
  measure(): Promise<LoadResult>;
  /** A short run right before a scenario's, at its connections, so that its ratios compare like with like. */
  measureAdjacent(connections: number): Promise<LoadResult>;
}

/** The hello-world server stays up (idle) for the whole run, so it can be measured beside every scenario. */
async function startBaseline(): Promise<Baseline> {
  const port = await findFreePort();
  const server = startServer("baseline", [path.join("bench", "baseline-server.mjs")], { PORT: String(port) }, port);
  cleanups.push(() => server.stop());
  await waitUntilServing(server, "/", performance.now());
  const request: RequestSpec = { method: "GET", path: "/" };
  const options = { baseUrl: server.baseUrl, request, connections: settings.connections };
  return {
    async measure() {
      await runLoad({ ...options, seconds: settings.warmupSeconds });
      const load = await runLoad({ ...options, seconds: settings.seconds });
      console.log(`baseline  GET /  ${describe(load)}`);
      return load;
    },
    measureAdjacent: (connections) => runLoad({ ...options, connections, seconds: settings.adjacentBaselineSeconds }),
  };
}

/** A fresh server whose memory can be read after a full collection (bench/lib/gc-on-signal.cjs). */
async function startCollectable(label: string, entry: string, environment: (port: number) => Record<string, string>, readyPath: string) {
  const port = await findFreePort();
  const args = ["--expose-gc", "--require", path.resolve("bench", "lib", "gc-on-signal.cjs"), entry];
  const server = startServer(label, args, environment(port), port);
  await waitUntilServing(server, readyPath, performance.now(), 30_000);
  return server;
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Spawn to first 200 from /healthz on an existing SQLite database, and RSS right after; each start
 * follows one of the hello-world's, the reference that moves with the machine's speed.
 */
async function measureStartup(): Promise<StartupReport> {
  const port = await findFreePort();
  const baselinePort = await findFreePort();
  const appEnvironment = appEnv(port, tempDataDir("startup"));
  const startOnce = async (label: string, args: string[], environment: Record<string, string>, at: number, path: string) => {
    const startedAt = performance.now();
    const server = startServer(label, args, environment, at);
    try {
      const ms = await waitUntilServing(server, path, startedAt);
      return { ms, rssMb: readRssMb(server.pid) };
    } finally {
      await server.stop();
    }
  };
  const startApp = () => startOnce("app", [serverEntry], appEnvironment, port, "/healthz");
  const startBaselineServer = () =>
    startOnce("baseline", [path.join("bench", "baseline-server.mjs")], { PORT: String(baselinePort) }, baselinePort, "/");
  const first = await startApp();
  const runs = [];
  const baselineRuns = [];
  for (let i = 0; i < startupRuns; i++) {
    baselineRuns.push(await startBaselineServer());
    runs.push(await startApp());
  }
  const largestRss = (starts: { rssMb: number | null }[]) => {
    const rss = starts.map((r) => r.rssMb).filter((v): v is number => v !== null);
    return rss.length > 0 ? Math.max(...rss) : null;
  };
  const report: StartupReport = {
    samplesMs: runs.map((r) => r.ms),
    medianMs: medianOf(runs.map((r) => r.ms)),
    baselineMedianMs: medianOf(baselineRuns.map((r) => r.ms)),
    rssMb: largestRss(runs),
    baselineRssMb: largestRss(baselineRuns),
    firstStartMs: first.ms,
  };
  console.log(
    `start-up  median ${report.medianMs.toFixed(0)} ms (hello-world ${report.baselineMedianMs.toFixed(0)} ms), RSS ${report.rssMb?.toFixed(0) ?? "n/a"} MB (hello-world ${report.baselineRssMb?.toFixed(0) ?? "n/a"} MB)`,
  );
  return report;
}

function isRouteNotFound(answer: { status: number; body: string }): boolean {
  if (answer.status !== 404) return false;
  try {
    const body = JSON.parse(answer.body) as { message?: unknown };
    return typeof body.message === "string" && /^Route \S+ \S+ not found$/.test(body.message);
  } catch {
    return false;
  }
}

async function isRouteMissing(ctx: BenchContext, probe: RequestSpec): Promise<boolean> {
  const user = await ctx.once("route-probe-user", () => seedSignedInUser(ctx.db, ctx.secret, ctx.now, { name: "Route probe" }));
  const answer = await httpRequest(ctx.baseUrl + probe.path, {
    method: probe.method,
    headers: { ...(probe.body !== undefined ? { "content-type": "application/json" } : {}), ...user.headers },
    ...(probe.body !== undefined ? { body: probe.body } : {}),
  });
  return isRouteNotFound(answer);
}

async function runScenario(scenario: Scenario, ctx: BenchContext, baseline: Baseline, serverPid: number): Promise<Outcome> {
  const method = scenario.method ?? "GET";
  let load;
  try {
    load = scenario.setup ? await scenario.setup(ctx) : {};
    // A live PostgreSQL has planner statistics and a visibility map (autovacuum vacuums and analyzes
    // after bulk changes within a minute); a just-seeded one has neither and can pick plans hundreds
    // of times slower, or read the table where the index alone would do.
    if (scenario.setup && ctx.dialect === "postgres") await sql`vacuum analyze`.execute(ctx.db.kysely);
  } catch (error) {
    return { kind: "error", reason: `setup failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const request: RequestSpec = {
    method,
    path: scenario.path,
    headers: load.headers ?? {},
    ...(scenario.body !== undefined ? { body: JSON.stringify(scenario.body) } : {}),
  };

  // One request first: a route that is not there yet is skipped, one that answers an error fails.
  const next = (load.freshRequests ? (await load.freshRequests(1))() : load.nextRequest?.()) ?? {};
  const probe = { ...request, ...next, headers: { ...request.headers, ...next.headers } };
  const answer = await httpRequest(ctx.baseUrl + probe.path, {
    method: probe.method,
    headers: { ...(probe.body !== undefined ? { "content-type": "application/json" } : {}), ...probe.headers },
    ...(probe.body !== undefined ? { body: probe.body } : {}),
  });
  if (isRouteNotFound(answer)) return { kind: "skipped", reason: "route not available (404)" };
  if (scenario.status ? answer.status !== scenario.status : answer.status < 200 || answer.status >= 300) {
    // Global hooks (CSRF) answer before routing, so a missing POST route can look like a 403:
    // ask again as an ordinary signed-in browser to tell "not there yet" from "refused".
    if (await isRouteMissing(ctx, probe)) return { kind: "skipped", reason: "route not available (404)" };
    return { kind: "error", reason: `probe answered ${answer.status}: ${answer.body.slice(0, 160)}` };
  }

  const connections = scenario.connections ?? settings.connections;
  const common = { baseUrl: ctx.baseUrl, request, connections, ...(load.nextRequest ? { nextRequest: load.nextRequest } : {}) };
  const adjacent = await baseline.measureAdjacent(connections);
  let result: LoadResult;
  // The app's CPU over the measured run only (the last one below), read before and after it.
  let cpuBefore: number | null = null;
  const measuredRun = async <T>(run: () => Promise<T>): Promise<T> => {
    cpuBefore = readCpuMs(serverPid);
    return run();
  };
  let note = [scenario.connections ? `at ${connections} connections` : "", load.note].filter(Boolean).join(", ");
  if (load.freshRequests) {
    // Each run uses up its own requests, seeded just before it. autocannon cannot end a timed run
    // when they run out, so each run is a fixed count sized from the rate of the run before it (a
    // short first run gives the rate): about BENCH_WARMUP_SECONDS, then about BENCH_SECONDS.
    const fresh = load.freshRequests;
    const run = async (count: number) => runLoad({ ...common, amount: count, nextRequest: await fresh(count) });
    const countFor = (rate: number, seconds: number) => Math.max(FRESH_RUN_MIN_REQUESTS, Math.round(rate * seconds));
    const first = await run(FRESH_RUN_MIN_REQUESTS);
    const warmup = countFor(first.rps, settings.warmupSeconds);
    const warm = await run(warmup);
    const count = countFor(warm.rps, settings.seconds);
    result = await measuredRun(() => run(count));
    const took = `${count} requests in ${result.seconds.toFixed(1)} s after ${FRESH_RUN_MIN_REQUESTS + warmup} to warm up`;
    note = [took, note].filter(Boolean).join(", ");
  } else {
    await runLoad({ ...common, seconds: settings.warmupSeconds });
    result = await measuredRun(() => runLoad({ ...common, seconds: settings.seconds }));
  }
  const cpuAfter = readCpuMs(serverPid);
  if (result.requests === 0) {
    return { kind: "error", reason: `no response completed within the run (${settings.seconds} s, ${connections} connections)` };
  }
  const cpuMsPerRequest = cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / result.requests : undefined;
  return {
    kind: "measured",
    load: result,
    baselineRps: adjacent.rps,
    baselineP99Ms: adjacent.p99Ms,
    ...(note ? { note } : {}),
    ...(cpuMsPerRequest !== undefined ? { cpuMsPerRequest } : {}),
  };
}

async function benchApp(
  dialect: Dialect,
  baseline: Baseline,
  databaseUrl?: string,
): Promise<{ rows: ScenarioRow[]; rssMb: number | null; streamed: BudgetCheck[] }> {
  const port = await findFreePort();
  const dataDir = tempDataDir(dialect);
  const server = startServer("app", appArgs, appEnv(port, dataDir, databaseUrl), port);
  let db;
  try {
    await waitUntilServing(server, "/readyz", performance.now(), 30_000);
    // Opened after the app is up, so that the app's own migration has run first.
    const dbConfig: DatabaseConfig = databaseUrl
      ? { kind: "postgres", url: databaseUrl }
      : { kind: "sqlite", file: path.join(dataDir, "daywise.sqlite") };
    db = await openBenchDb(dbConfig);
    const memo = new Map<string, Promise<unknown>>();
    const ctx: BenchContext = {
      dialect,
      db,
      secret: sessionSecret,
      baseUrl: server.baseUrl,
      now: new Date(),
      connections: settings.connections,
      once: <T>(key: string, make: () => Promise<T>) => {
        if (!memo.has(key)) memo.set(key, make());
        return memo.get(key) as Promise<T>;
      },
    };
    const rows: ScenarioRow[] = [];
    for (const scenario of scenarios) {
      if (onlyScenarios && !scenario.name.toLowerCase().includes(onlyScenarios)) continue;
      const outcome = await runScenario(scenario, ctx, baseline, server.pid);
      const cpu =
        outcome.kind === "measured" && outcome.cpuMsPerRequest !== undefined
          ? `, app CPU ${outcome.cpuMsPerRequest.toFixed(2)} ms/req`
          : "";
      const beside =
        outcome.kind === "measured" && outcome.baselineRps !== undefined
          ? `; baseline ${Math.round(outcome.baselineRps)} req/s, p99 ${outcome.baselineP99Ms?.toFixed(2)} ms`
          : "";
      const text =
        outcome.kind === "measured"
          ? describe(outcome.load) + cpu + beside
          : outcome.kind === "skipped"
            ? `skipped: ${outcome.reason}`
            : `ERROR: ${outcome.reason}`;
      console.log(`${dialect.padEnd(8)}  ${scenario.name}  ${text}`);
      rows.push({ name: scenario.name, dialect, outcome });
    }
    if (!onlyScenarios || "patch /api/tasks".includes(onlyScenarios) || "idempotency".includes(onlyScenarios)) {
      const check = await measureIdempotencyCost(ctx, settings.warmupSeconds, server.pid).catch((error: unknown) => ({
        name: `${dialect}: Idempotency-Key cost on PATCH /api/tasks/:id`,
        value: `error: ${error instanceof Error ? error.message : String(error)}`,
        budget: "see idempotency-cost.ts",
        pass: false,
      }));
      console.log(`${dialect.padEnd(8)}  ${check.name}: ${check.value} (budget ${check.budget})`);
      liveChecks.push({ name: check.name, measured: check.value, limit: check.budget, verdict: check.pass ? "PASS" : "FAIL" });
    }
    if (!onlyScenarios || "patch /api/tasks".includes(onlyScenarios) || "webhooks".includes(onlyScenarios)) {
      const check = await measureWebhookCost(ctx, settings.warmupSeconds).catch((error: unknown) => ({
        name: `${dialect}: webhooks' cost on PATCH /api/tasks/:id`,
        value: `error: ${error instanceof Error ? error.message : String(error)}`,
        budget: "see webhook-cost.ts",
        pass: false,
      }));
      console.log(`${dialect.padEnd(8)}  ${check.name}: ${check.value} (budget ${check.budget})`);
      liveChecks.push({ name: check.name, measured: check.value, limit: check.budget, verdict: check.pass ? "PASS" : "FAIL" });
    }
    const streamed: BudgetCheck[] = [];
    for (const measure of Object.keys(STREAMED_CHECKS) as StreamedMeasure[]) {
      const check = STREAMED_CHECKS[measure];
      if (onlyScenarios && !check.toLowerCase().includes(onlyScenarios)) continue;
      let result: FirstTokenResult | { error: string };
      try {
        const user = await seedSignedInUser(db, sessionSecret, ctx.now, { name: `Streamer ${measure}` });
        result = await measureStreamed(server.baseUrl, user.headers, measure);
        console.log(`${dialect.padEnd(8)}  ${check}  median ${result.medianMs.toFixed(1)} ms, max ${result.maxMs.toFixed(1)} ms`);
      } catch (error) {
        result = { error: error instanceof Error ? error.message : String(error) };
        console.log(`${dialect.padEnd(8)}  ${check}  ERROR: ${result.error}`);
      }
      streamed.push(streamedCheck(dialect, measure, result));
    }
    if (!onlyScenarios || "live".includes(onlyScenarios) || onlyScenarios.includes("live")) {
      const live = await measureLiveEvents({
        dialect,
        db,
        secret: sessionSecret,
        baseUrl: server.baseUrl,
        startIdleApp: () =>
          startCollectable(
            "live-idle",
            serverEntry,
            (at) => ({ ...appEnv(at, dataDir, databaseUrl), ROLLOVER_SCHEDULER: "off" }),
            "/readyz",
          ),
        startIdleBaseline: () =>
          startCollectable("live-baseline", path.join("bench", "baseline-server.mjs"), (at) => ({ PORT: String(at) }), "/"),
        databaseUrl,
      }).catch((error: unknown) => [
        { name: `live on ${dialect}`, value: `error: ${String(error)}`, budget: "see live-events.ts", pass: false },
      ]);
      for (const check of live) console.log(`${dialect.padEnd(8)}  ${check.name}: ${check.value} (budget ${check.budget})`);
      liveChecks.push(
        ...live.map((c) => ({ name: c.name, measured: c.value, limit: c.budget, verdict: c.pass ? "PASS" : "FAIL" }) as const),
      );
    }
    return { rows, rssMb: readRssMb(server.pid), streamed };
  } finally {
    await server.stop();
    await db?.close();
  }
}

async function createPostgresDatabase(): Promise<{ url: string } | { reason: string }> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    return { reason: `PostgreSQL unreachable at ${postgresAdminUrl}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const name = `daywise_bench_${randomBytes(4).toString("hex")}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3_000 });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };
  cleanups.push(drop);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString() };
}

const STREAMED_CHECKS: Record<StreamedMeasure, string> = {
  "first piece": "POST /api/ai/chat streamed: first piece from provider to client",
  proposal: "POST /api/ai/chat streamed: proposal card from the tool call to client",
};

/** Checks of each database's app besides its scenarios (live streams, the Idempotency-Key's cost). */
const liveChecks: BudgetCheck[] = [];

function streamedCheck(dialect: Dialect, measure: StreamedMeasure, result: FirstTokenResult | { error: string }): BudgetCheck {
  const name = `${STREAMED_CHECKS[measure]} on ${dialect} (90th percentile of ${"samplesMs" in result ? result.samplesMs.length : 0} chats)`;
  const limit = `< ${measure === "proposal" ? PROPOSAL_CARD_BUDGET_MS : FIRST_TOKEN_BUDGET_MS} ms`;
  if ("error" in result) return { name, measured: `error: ${result.error}`, limit, verdict: "FAIL" };
  return {
    name,
    measured: `${result.p90Ms.toFixed(1)} ms (median ${result.medianMs.toFixed(1)} ms, max ${result.maxMs.toFixed(1)} ms)`,
    limit,
    verdict: result.pass ? "PASS" : "FAIL",
  };
}

/** A scenario's budgets against another scenario of the same run, one figure each. */
function comparisons(scenario: Scenario) {
  const { p99VsScenario, cpuVsScenario } = scenario.budget ?? {};
  return [
    ...(p99VsScenario ? [{ versus: p99VsScenario, what: "p99" as const }] : []),
    ...(cpuVsScenario ? [{ versus: cpuVsScenario, what: "app CPU per request" as const }] : []),
  ];
}

function budgetText(scenario: Scenario, dialect: Dialect): string {
  const p99 = budgetFor(scenario.budget?.p99VsBaseline, dialect);
  const p99Ms = budgetFor(scenario.budget?.p99Ms, dialect);
  const ratio = budgetFor(scenario.budget?.minRatio, dialect);
  return [
    p99 !== undefined ? `p99 <= ${p99} x baseline's` : "",
    p99Ms !== undefined ? `p99 < ${p99Ms} ms` : "",
    ratio !== undefined ? `>= ${ratio * 100}% of baseline req/s` : "",
    ...comparisons(scenario).map(({ versus, what }) => `${what} <= ${versus.times} x ${versus.name}'s`),
  ]
    .filter(Boolean)
    .join(", ");
}

function scenarioChecks(rows: ScenarioRow[]): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  for (const row of rows) {
    const scenario = scenarios.find((s) => s.name === row.name);
    if (!scenario || !row.dialect) continue;
    const label = `${row.name} on ${row.dialect}`;
    const p99 = budgetFor(scenario.budget?.p99VsBaseline, row.dialect);
    const p99Ms = budgetFor(scenario.budget?.p99Ms, row.dialect);
    const ratio = budgetFor(scenario.budget?.minRatio, row.dialect);
    row.budgetText = budgetText(scenario, row.dialect);
    const { outcome } = row;
    if (outcome.kind === "measured" && outcome.baselineRps) row.ratio = outcome.load.rps / outcome.baselineRps;
    const p99Limit = `<= ${p99} x baseline's p99`;
    const limits = [
      ...(p99 !== undefined ? [{ name: `${label}: p99 vs baseline`, limit: p99Limit }] : []),
      ...(p99Ms !== undefined ? [{ name: `${label}: p99`, limit: `< ${p99Ms} ms` }] : []),
      ...(ratio !== undefined ? [{ name: `${label}: req/s vs baseline`, limit: `>= ${ratio * 100}%` }] : []),
    ];
    if (outcome.kind === "skipped") {
      for (const l of limits) checks.push({ ...l, measured: outcome.reason, verdict: "SKIP" });
      continue;
    }
    if (outcome.kind === "error") {
      for (const l of limits) checks.push({ ...l, measured: outcome.reason, verdict: "FAIL" });
      if (limits.length === 0) checks.push({ name: `${label}: answers 2xx`, limit: "2xx", measured: outcome.reason, verdict: "FAIL" });
      continue;
    }
    const { load } = outcome;
    // Figures of a run that answered errors describe the error path, not the route.
    const expected = scenario.status;
    const failedResponses = (expected ? load.requests - (load.statusCounts[String(expected)] ?? 0) : load.non2xx) + load.errors;
    if (failedResponses > 0) {
      checks.push({
        name: `${label}: every response ${expected ?? "2xx"}`,
        measured: `${load.non2xx} non-2xx, ${load.errors} errors of ${load.requests} ${JSON.stringify(load.statusCounts)}`,
        limit: "0",
        verdict: "FAIL",
      });
    }
    if (p99 !== undefined && outcome.baselineP99Ms) {
      const times = load.p99Ms / outcome.baselineP99Ms;
      checks.push({
        name: `${label}: p99 vs baseline`,
        measured: `${times.toFixed(1)} x (${load.p99Ms.toFixed(1)} / ${outcome.baselineP99Ms.toFixed(2)} ms)`,
        limit: p99Limit,
        verdict: times <= p99 ? "PASS" : "FAIL",
      });
    }
    if (p99Ms !== undefined) {
      checks.push({
        name: `${label}: p99`,
        measured: `${load.p99Ms.toFixed(1)} ms`,
        limit: `< ${p99Ms} ms`,
        verdict: load.p99Ms < p99Ms ? "PASS" : "FAIL",
      });
    }
    for (const { versus, what } of comparisons(scenario)) {
      const reference = rows.find((other) => other.name === versus.name && other.dialect === row.dialect);
      const figure = (o: typeof outcome) => (what === "p99" ? o.load.p99Ms : o.cpuMsPerRequest);
      const name = `${label}: ${what} vs ${versus.name}`;
      const limit = `<= ${versus.times} x ${versus.name}'s ${what}`;
      const mine = figure(outcome);
      const theirs = reference?.outcome.kind === "measured" ? figure(reference.outcome) : undefined;
      if (mine === undefined || theirs === undefined) {
        checks.push({ name, measured: theirs === undefined ? "reference not measured" : "not measured", limit, verdict: "SKIP" });
        continue;
      }
      const times = mine / theirs;
      const digits = what === "p99" ? 1 : 2;
      checks.push({
        name,
        measured: `${times.toFixed(1)} x (${mine.toFixed(digits)} / ${theirs.toFixed(digits)} ms)`,
        limit,
        verdict: times <= versus.times ? "PASS" : "FAIL",
      });
    }
    if (ratio !== undefined && row.ratio !== undefined && outcome.baselineRps) {
      checks.push({
        name: `${label}: req/s vs baseline`,
        measured: `${(row.ratio * 100).toFixed(0)}% (${Math.round(load.rps)} / ${Math.round(outcome.baselineRps)})`,
        limit: `>= ${ratio * 100}%`,
        verdict: row.ratio >= ratio ? "PASS" : "FAIL",
      });
    }
  }
  return checks;
}

async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    await cleanup().catch((error: unknown) => console.error("bench: cleanup failed:", error));
  }
  killAllChildren();
}

/** The board in Chromium: 200 tasks rendered, and a drop shown and saved (bench/board-render.ts). */
async function boardChecks(hasWebApp: boolean): Promise<BudgetCheck[]> {
  const name = "board with 200 tasks in Chromium";
  if (!hasWebApp) return [{ name, measured: "no built web app", limit: "see board-render.ts", verdict: "SKIP" }];
  if (env.BENCH_SKIP_BOARD === "1") return [{ name, measured: "BENCH_SKIP_BOARD=1", limit: "see board-render.ts", verdict: "SKIP" }];
  try {
    console.log("");
    const result = await measureBoardRender();
    printBoardRender(result);
    return result.checks.map((check) => ({
      name: `board: ${check.name}`,
      measured: check.value,
      limit: check.budget,
      verdict: check.pass ? "PASS" : "FAIL",
    }));
  } catch (error) {
    return [
      { name, measured: `error: ${error instanceof Error ? error.message : String(error)}`, limit: "see board-render.ts", verdict: "FAIL" },
    ];
  }
}

/** A Chromium measurement's budget checks, skipped without a built web app or when its variable says so. */
async function browserChecks<R extends { checks: { name: string; value: string; budget: string; pass: boolean }[] }>(
  hasWebApp: boolean,
  {
    name,
    limit,
    skip,
    measure,
    print,
  }: { name: string; limit: string; skip: string; measure: () => Promise<R>; print: (result: R) => void },
): Promise<BudgetCheck[]> {
  if (!hasWebApp) return [{ name, measured: "no built web app", limit, verdict: "SKIP" }];
  if (env[skip] === "1") return [{ name, measured: `${skip}=1`, limit, verdict: "SKIP" }];
  try {
    console.log("");
    const result = await measure();
    print(result);
    return result.checks.map((check) => ({
      name: check.name,
      measured: check.value,
      limit: check.budget,
      verdict: check.pass ? "PASS" : "FAIL",
    }));
  } catch (error) {
    return [{ name, measured: `error: ${error instanceof Error ? error.message : String(error)}`, limit, verdict: "FAIL" }];
  }
}

/** The Timeline in Chromium: keyboard drops' interactions on a phone-class CPU, and its first paint's requests (bench/timeline-interaction.ts). */
const timelineChecks = (hasWebApp: boolean) =>
  browserChecks(hasWebApp, {
    name: "Timeline with 40 tasks and 12 meetings in Chromium",
    limit: "see timeline-interaction.ts",
    skip: "BENCH_SKIP_TIMELINE",
    measure: measureTimelineInteraction,
    print: printTimelineInteraction,
  });

/** The Edit dialog, its closing, the palette, quick add and a drop, on a phone-class CPU (bench/dialog-interaction.ts). */
const dialogChecks = (hasWebApp: boolean) =>
  browserChecks(hasWebApp, {
    name: "dialogs and palette interactions in Chromium",
    limit: "see dialog-interaction.ts",
    skip: "BENCH_SKIP_DIALOGS",
    measure: measureDialogInteraction,
    print: printDialogInteraction,
  });

/** 100 changes made offline, flushed by the outbox when the network returns (bench/outbox-flush.ts). */
async function outboxChecks(hasWebApp: boolean): Promise<BudgetCheck[]> {
  const name = "outbox flush in Chromium";
  if (!hasWebApp || env.BENCH_SKIP_BOARD === "1")
    return [{ name, measured: "skipped with the board", limit: "see outbox-flush.ts", verdict: "SKIP" }];
  try {
    const check = await measureOutboxFlush();
    console.log(`${check.pass ? "PASS" : "FAIL"}  ${check.name}: ${check.value} (budget ${check.budget})`);
    return [{ name: check.name, measured: check.value, limit: check.budget, verdict: check.pass ? "PASS" : "FAIL" }];
  } catch (error) {
    return [
      { name, measured: `error: ${error instanceof Error ? error.message : String(error)}`, limit: "see outbox-flush.ts", verdict: "FAIL" },
    ];
  }
}

/** Lighthouse on every page, mobile and desktop (bench/lighthouse.ts). */
async function lighthouseChecks(hasWebApp: boolean): Promise<{ checks: BudgetCheck[]; result?: LighthouseResult }> {
  const name = "Lighthouse first paint";
  const limit = `mobile >= ${LIGHTHOUSE_BUDGETS.mobileScore} (LCP < ${LIGHTHOUSE_BUDGETS.lcpMs} ms, TBT < ${LIGHTHOUSE_BUDGETS.tbtMs} ms, CLS < ${LIGHTHOUSE_BUDGETS.cls}), desktop >= ${LIGHTHOUSE_BUDGETS.desktopScore}`;
  if (!hasWebApp) return { checks: [{ name, measured: "no built web app", limit, verdict: "SKIP" }] };
  if (env.BENCH_SKIP_LIGHTHOUSE === "1") return { checks: [{ name, measured: "BENCH_SKIP_LIGHTHOUSE=1", limit, verdict: "SKIP" }] };
  try {
    console.log("\nLighthouse (median of runs per page):");
    const result = await measureLighthouse({ log: (line) => console.log(`  ${line}`) });
    const checks = result.rows.map((row): BudgetCheck => ({
      name: `Lighthouse: ${row.page} (${row.path}), ${row.formFactor}`,
      measured: `score ${row.median.score.toFixed(2)}, LCP ${Math.round(row.median.lcpMs)} ms, TBT ${Math.round(row.median.tbtMs)} ms, CLS ${row.median.cls.toFixed(3)}`,
      limit:
        row.formFactor === "mobile"
          ? `>= ${LIGHTHOUSE_BUDGETS.mobileScore}, LCP < ${LIGHTHOUSE_BUDGETS.lcpMs} ms, TBT < ${LIGHTHOUSE_BUDGETS.tbtMs} ms, CLS < ${LIGHTHOUSE_BUDGETS.cls}`
          : `>= ${LIGHTHOUSE_BUDGETS.desktopScore}, CLS < ${LIGHTHOUSE_BUDGETS.cls}`,
      verdict: row.pass ? "PASS" : "FAIL",
    }));
    return { checks, result };
  } catch (error) {
    return { checks: [{ name, measured: `error: ${error instanceof Error ? error.message : String(error)}`, limit, verdict: "FAIL" }] };
  }
}

/** The auto rollover scheduler's tick, in this process (bench/rollover-tick.ts). */
async function rolloverTickChecks(): Promise<BudgetCheck[]> {
  const name = "auto rollover scheduler tick";
  if (env.BENCH_SKIP_ROLLOVER_TICK === "1")
    return [{ name, measured: "BENCH_SKIP_ROLLOVER_TICK=1", limit: "see rollover-tick.ts", verdict: "SKIP" }];
  try {
    console.log("");
    const checks = await measureRolloverTick({ databases, postgresAdminUrl });
    printRolloverTick(checks);
    return checks.map((check) => ({ name: check.name, measured: check.value, limit: check.budget, verdict: check.pass ? "PASS" : "FAIL" }));
  } catch (error) {
    return [
      {
        name,
        measured: `error: ${error instanceof Error ? error.message : String(error)}`,
        limit: "see rollover-tick.ts",
        verdict: "FAIL",
      },
    ];
  }
}

/** The Web Push tick, in this process (bench/push-tick.ts). */
async function pushTickChecks(): Promise<BudgetCheck[]> {
  const name = "push tick";
  if (env.BENCH_SKIP_PUSH_TICK === "1") return [{ name, measured: "BENCH_SKIP_PUSH_TICK=1", limit: "see push-tick.ts", verdict: "SKIP" }];
  try {
    console.log("");
    const checks = await measurePushTick({ databases, postgresAdminUrl });
    printPushTick(checks);
    return checks.map((check) => ({ name: check.name, measured: check.value, limit: check.budget, verdict: check.pass ? "PASS" : "FAIL" }));
  } catch (error) {
    const measured = `error: ${error instanceof Error ? error.message : String(error)}`;
    return [{ name, measured, limit: "see push-tick.ts", verdict: "FAIL" }];
  }
}

/** The SQLite checkpointer under steady writes, in this process (bench/sqlite-wal.ts). */
async function sqliteWalChecks(): Promise<BudgetCheck[]> {
  try {
    const check = await measureSqliteWal();
    console.log(`${check.name}: ${check.value} (budget ${check.budget})`);
    return [{ name: check.name, measured: check.value, limit: check.budget, verdict: check.pass ? "PASS" : "FAIL" }];
  } catch (error) {
    return [
      {
        name: "SQLite WAL under steady writes",
        measured: `error: ${error instanceof Error ? error.message : String(error)}`,
        limit: "see sqlite-wal.ts",
        verdict: "FAIL",
      },
    ];
  }
}

/** The insights' first computation and weekly summary, in this process (bench/insights-compute.ts). */
async function insightsComputeChecks(): Promise<BudgetCheck[]> {
  const name = "insights computation";
  const skipped =
    env.BENCH_SKIP_INSIGHTS === "1"
      ? "BENCH_SKIP_INSIGHTS=1"
      : onlyScenarios && !"insights".includes(onlyScenarios) && !onlyScenarios.includes("insights")
        ? `BENCH_ONLY=${onlyScenarios}`
        : null;
  if (skipped) return [{ name, measured: skipped, limit: "see insights-compute.ts", verdict: "SKIP" }];
  try {
    console.log("");
    const checks = await measureInsightsCompute({ databases, postgresAdminUrl });
    printInsightsCompute(checks);
    return checks.map((check) => ({ name: check.name, measured: check.value, limit: check.budget, verdict: check.pass ? "PASS" : "FAIL" }));
  } catch (error) {
    return [
      {
        name,
        measured: `error: ${error instanceof Error ? error.message : String(error)}`,
        limit: "see insights-compute.ts",
        verdict: "FAIL",
      },
    ];
  }
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const loadAtStart = os.loadavg()[0]!;
  if (!existsSync(serverEntry)) {
    console.error(`bench: ${serverEntry} is missing: run \`npm run build\` (or \`npx tsc -p tsconfig.server.json\`) first.`);
    process.exitCode = 1;
    return;
  }
  console.log(
    `Daywise benchmark: ${settings.connections} connections, ${settings.seconds} s per run (BENCH_SECONDS) after ${settings.warmupSeconds} s warm-up\n`,
  );

  const baseline = await startBaseline();
  await startAiProvider();
  const baselineRuns = [await baseline.measure()];

  let startup: Report["startup"];
  try {
    startup = await measureStartup();
  } catch (error) {
    startup = { error: error instanceof Error ? error.message : String(error) };
    console.log(`start-up  ERROR: ${startup.error}`);
  }

  const rows: ScenarioRow[] = [];
  const appRss: Report["appRss"] = {};
  const streamedChecks: BudgetCheck[] = [];
  if (databases.has("sqlite")) {
    const sqlite = await benchApp("sqlite", baseline);
    rows.push(...sqlite.rows);
    appRss.sqlite = sqlite.rssMb;
    streamedChecks.push(...sqlite.streamed);
  }

  let postgres: Report["postgres"];
  const database = databases.has("postgres") ? await createPostgresDatabase() : { reason: "not selected (BENCH_DATABASES)" };
  if ("reason" in database) {
    postgres = { available: false, reason: database.reason };
    console.log(`\n!!!\n!!! ${database.reason}\n!!! The PostgreSQL half of the benchmark is SKIPPED.\n!!!\n`);
  } else {
    postgres = { available: true };
    const result = await benchApp("postgres", baseline, database.url);
    rows.push(...result.rows);
    appRss.postgres = result.rssMb;
    streamedChecks.push(...result.streamed);
  }

  // Again at the end: two full runs show how much the machine drifted during the run.
  baselineRuns.push(await baseline.measure());

  const bundle = measureBundle(webRoot, [APP_MODULE]);
  const checks: BudgetCheck[] = [];
  if ("error" in startup) {
    checks.push({
      name: "start-up on an existing SQLite database",
      measured: startup.error,
      limit: `<= ${BUDGETS.startupVsBaseline} x hello-world's`,
      verdict: "FAIL",
    });
  } else {
    checks.push({
      name: "start-up on an existing SQLite database (median) vs the hello-world's",
      measured: `${(startup.medianMs / startup.baselineMedianMs).toFixed(1)} x (${startup.medianMs.toFixed(0)} / ${startup.baselineMedianMs.toFixed(0)} ms)`,
      limit: `<= ${BUDGETS.startupVsBaseline} x hello-world's`,
      verdict: startup.medianMs <= BUDGETS.startupVsBaseline * startup.baselineMedianMs ? "PASS" : "FAIL",
    });
    const { rssMb, baselineRssMb } = startup;
    checks.push({
      name: "resident memory right after start vs the hello-world's",
      measured:
        rssMb === null || baselineRssMb === null
          ? "n/a (no /proc)"
          : `${(rssMb / baselineRssMb).toFixed(1)} x (${rssMb.toFixed(0)} / ${baselineRssMb.toFixed(0)} MB)`,
      limit: `<= ${BUDGETS.rssVsBaseline} x hello-world's`,
      verdict: rssMb === null || baselineRssMb === null ? "SKIP" : rssMb <= BUDGETS.rssVsBaseline * baselineRssMb ? "PASS" : "FAIL",
    });
  }
  checks.push(...scenarioChecks(rows));
  checks.push(...streamedChecks, ...liveChecks);
  checks.push(...(await boardChecks(bundle.available)));
  checks.push(...(await timelineChecks(bundle.available)));
  checks.push(...(await dialogChecks(bundle.available)));
  checks.push(...(await outboxChecks(bundle.available)));
  checks.push(...(await rolloverTickChecks()));
  checks.push(...(await pushTickChecks()));
  checks.push(...(await insightsComputeChecks()));
  if (!onlyScenarios || /export|import|transfer/.test(onlyScenarios)) {
    const transfer = await measureDataTransfer({ databases, postgresAdminUrl }).catch((error: Error) => [
      { name: "export and import (bench/data-transfer.ts)", value: `error: ${error.message}`, budget: "see data-transfer.ts", pass: false },
    ]);
    checks.push(
      ...transfer.map((check) => ({
        name: check.name,
        measured: check.value,
        limit: check.budget,
        verdict: check.pass ? ("PASS" as const) : ("FAIL" as const),
      })),
    );
  }
  checks.push(...(await sqliteWalChecks()));
  const lighthouse = await lighthouseChecks(bundle.available);
  checks.push(...lighthouse.checks);
  checks.push(
    bundle.available
      ? {
          name: "initial JavaScript of the web app, gzipped",
          measured: `${(bundle.initialGzipBytes / 1024).toFixed(1)} KB`,
          limit: `<= ${BUDGETS.initialJsBytes / 1024} KB`,
          verdict: bundle.initialGzipBytes <= BUDGETS.initialJsBytes ? "PASS" : "FAIL",
        }
      : {
          name: "initial JavaScript of the web app, gzipped",
          measured: bundle.reason,
          limit: `<= ${BUDGETS.initialJsBytes / 1024} KB`,
          verdict: "SKIP",
        },
  );
  checks.push(boardFirstPaintCheck());

  const report: Report = {
    date: new Date(),
    settings,
    baselineRuns,
    rows: [
      ...baselineRuns.map((load, i): ScenarioRow => ({
        name: "baseline: Fastify hello-world GET /",
        dialect: null,
        outcome: { kind: "measured", load, note: i === 0 ? "start of run" : "end of run" },
      })),
      ...rows,
    ],
    appRss,
    startup,
    bundle,
    lighthouse: lighthouse.result,
    postgres,
    checks,
    totalSeconds: (performance.now() - startedAt) / 1000,
    loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
  };
  printReport(report);
  if (shouldWrite) {
    // The failure and load figures below the marker come from other runs (test:resilience,
    // bench:load) and are kept as they are.
    const resultsFile = path.join(root, "bench", "RESULTS.md");
    const previous = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8") : "";
    const kept = previous.includes(KEPT_SECTION_MARKER) ? `\n${previous.slice(previous.indexOf(KEPT_SECTION_MARKER))}` : "";
    writeFileSync(resultsFile, renderMarkdown(report) + kept);
    console.log("Wrote bench/RESULTS.md");
  }
}

process.once("SIGINT", () => {
  console.error("\nbench: interrupted, stopping servers and dropping the bench database");
  void runCleanups().finally(() => process.exit(130));
});
process.once("exit", killAllChildren);
// Output piped into `head` must not end the run before it has stopped its servers and dropped its database.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
}

try {
  await main();
} catch (error) {
  console.error("bench: failed:", error);
  process.exitCode = 1;
} finally {
  await runCleanups();
}

/** Issue 20: "the board's first paint needs no chunk that only a drag or a dialog uses" (bench/lib/bundle.ts). */
function boardFirstPaintCheck(): BudgetCheck {
  const name = "the board's first paint: no code that only a drag or a dialog uses";
  const limit = "none";
  const firstPaint = measureFirstPaint(webRoot, pageModules["/"] ?? []);
  if (!firstPaint) return { name, measured: "no build manifest", limit, verdict: "SKIP" };
  const size = `${firstPaint.files.length} files, ${(firstPaint.brotliBytes / 1024).toFixed(1)} KB brotli`;
  const found = [...new Set(firstPaint.dragOrDialogModules.map((module) => module.replace(/^node_modules\/((@[^/]+\/)?[^/]+).*$/u, "$1")))];
  return found.length === 0
    ? { name, measured: `none (${size})`, limit, verdict: "PASS" }
    : { name, measured: `${found.join(", ")} (${size})`, limit, verdict: "FAIL" };
}
