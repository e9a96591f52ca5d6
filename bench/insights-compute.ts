// The insights' computation budgets (issue 15), for a user with a year of history (10,000 tasks on
// 365 days, 200 goals) beside a neighbour with as many: the first computation of a day's insights
// (GET /api/ai/insights?date= for a day not yet stored) under 100 ms, and generating a weekly
// summary without a model under 50 ms, each for 9 calls in 10: one call at a time, the slowest tenth
// are a busy machine's stalls (SQLite p99s 81 and 94 ms at load 8 with unchanged code; decision 065).
// Measured in this process through the service the routes call (src/server/modules/insights/), on a
// fresh database of each kind; the stored read under load is a scenario of bench/scenarios.ts.
//
//   node --import tsx bench/insights-compute.ts        (BENCH_DATABASES=sqlite to leave PostgreSQL out)
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import type { AiConfig } from "../src/server/config.ts";
import type { Dialect } from "../src/server/db/database.ts";
import { insightsService } from "../src/server/modules/insights/insights.service.ts";
import { addDays, formatDay, openBenchDb, seedGoals, seedTasks, seedUser } from "./seed.ts";
import { onEachDatabase } from "./lib/each-database.ts";

export const INSIGHTS_BUDGETS = { firstComputationMs: 100, weeklySummaryMs: 50 } as const;
const DAYS_MEASURED = 200;
const WEEKS_MEASURED = 50;

export interface InsightsComputeCheck {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

/** No provider configured: the rule and template texts. */
const noModel: AiConfig = {
  providers: { openai: { model: "none" }, gemini: { model: "none" }, claude: { model: "none" }, openrouter: { model: "none" } },
  timeoutMs: 1_000,
  rateLimitPerMinute: 0,
  rateLimitPerDay: 0,
};

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function measureOn(dialect: Dialect, config: Parameters<typeof openBenchDb>[0]): Promise<InsightsComputeCheck[]> {
  const db = await openBenchDb(config);
  try {
    const now = new Date();
    const today = formatDay(now);
    const firstDay = addDays(today, -364);
    const seedUserWithYear = async (name: string) => {
      const userId = await seedUser(db, now, { name });
      const goalIds = await seedGoals(db, userId, 200, now);
      await seedTasks(db, userId, now, { count: 10_000, firstDay, days: 365, goalIds, today });
      return userId;
    };
    const userId = await seedUserWithYear("Planner");
    await seedUserWithYear("Neighbour");
    if (dialect === "postgres") await sql`analyze`.execute(db.kysely);

    const service = insightsService({ kysely: db.kysely, dialect: db.dialect, now: () => now, ai: noModel, log: { warn: () => {} } });
    // Warm-up: the statement caches and the JIT, on days that are not measured.
    for (let i = 0; i < 10; i++) await service.getDailyInsights(userId, addDays(firstDay, 300 + i));

    const dayTimes: number[] = [];
    for (let i = 0; i < DAYS_MEASURED; i++) {
      const day = addDays(firstDay, 40 + i);
      const started = performance.now();
      await service.getDailyInsights(userId, day);
      dayTimes.push(performance.now() - started);
    }
    const weekTimes: number[] = [];
    // Mondays of the seeded year (the first one on or after its first day).
    let monday = firstDay;
    while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
    for (let i = 0; i < WEEKS_MEASURED; i++) {
      const started = performance.now();
      const stored = await service.generateWeekOnce(userId, addDays(monday, 7 * i));
      weekTimes.push(performance.now() - started);
      if (!stored) throw new Error("a week's summary was not stored");
    }
    const describe = (times: number[]) =>
      `p50 ${percentile(times, 50).toFixed(1)} ms, p90 ${percentile(times, 90).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${times.length} calls)`;
    return [
      {
        name: `insights: first computation of a day (10k tasks) on ${dialect}`,
        value: describe(dayTimes),
        budget: `p90 < ${INSIGHTS_BUDGETS.firstComputationMs} ms`,
        pass: percentile(dayTimes, 90) < INSIGHTS_BUDGETS.firstComputationMs,
      },
      {
        name: `insights: weekly summary without a model (10k tasks) on ${dialect}`,
        value: describe(weekTimes),
        budget: `p90 < ${INSIGHTS_BUDGETS.weeklySummaryMs} ms`,
        pass: percentile(weekTimes, 90) < INSIGHTS_BUDGETS.weeklySummaryMs,
      },
    ];
  } finally {
    await db.close();
  }
}

export async function measureInsightsCompute(options: {
  databases: Set<string>;
  postgresAdminUrl: string;
}): Promise<InsightsComputeCheck[]> {
  return onEachDatabase(options, "insights", measureOn);
}

export function printInsightsCompute(checks: InsightsComputeCheck[]): void {
  for (const check of checks) console.log(`${check.pass ? "PASS" : "FAIL"}  ${check.name}: ${check.value} (${check.budget})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const databases = new Set((process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",").map((name) => name.trim()));
  const checks = await measureInsightsCompute({
    databases,
    postgresAdminUrl: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  });
  printInsightsCompute(checks);
  if (checks.some((check) => !check.pass)) process.exitCode = 1;
}
