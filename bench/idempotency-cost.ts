// Issue 50's budget, said in CPU (decision 065): the p99s of runs with and without an Idempotency-Key swung by
// more than its +10% with unchanged code, CPU per write does not. Runs with and without a key alternate, each
// run's CPU (the app's, on PostgreSQL also its backends') is divided by its writes, and the median of the pairs'
// ratios may be at most +50%: twice what the key's claim and kept answer cost beside a rename, the cheapest write.
import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { type LoadResult, runLoad } from "./lib/load.ts";
import { readCpuMs } from "./lib/processes.ts";
import { type BenchContext, TASK_WRITE_CONNECTIONS, taskWriteLoad } from "./scenarios.ts";

export const IDEMPOTENCY_BUDGET = { maxExtra: 0.5, pairs: Number(process.env.BENCH_IDEMPOTENCY_PAIRS ?? 5), seconds: 3 };

export interface IdempotencyCheck {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** CPU ms of this database's PostgreSQL backends (the app's pool among them), from /proc; 0 on SQLite. */
async function databaseCpuMs(ctx: BenchContext): Promise<number> {
  if (ctx.dialect !== "postgres") return 0;
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(ctx.db.kysely);
  let total = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // A backend that has gone.
    }
  }
  return total;
}

export async function measureIdempotencyCost(ctx: BenchContext, warmupSeconds: number, serverPid: number): Promise<IdempotencyCheck> {
  const cpuMs = async () => (readCpuMs(serverPid) ?? Number.NaN) + (await databaseCpuMs(ctx));
  const run = async (keyed: boolean, seconds: number): Promise<{ load: LoadResult; cpuMsPerWrite: number }> => {
    const load = await taskWriteLoad(ctx, keyed);
    const request = { method: "PATCH" as const, path: "/api/tasks/:id", body: "{}" };
    const before = await cpuMs();
    const result = await runLoad({
      baseUrl: ctx.baseUrl,
      request,
      connections: TASK_WRITE_CONNECTIONS,
      nextRequest: load.nextRequest!,
      seconds,
    });
    const cpuMsPerWrite = ((await cpuMs()) - before) / result.requests;
    if (result.non2xx + result.errors > 0)
      throw new Error(`${keyed ? "keyed" : "plain"} write answered ${JSON.stringify(result.statusCounts)}`);
    return { load: result, cpuMsPerWrite };
  };
  await run(false, warmupSeconds);
  await run(true, warmupSeconds);
  const plain: number[] = [];
  const keyed: number[] = [];
  const p99s: string[] = [];
  for (let pair = 0; pair < IDEMPOTENCY_BUDGET.pairs; pair++) {
    const withoutKey = await run(false, IDEMPOTENCY_BUDGET.seconds);
    const withKey = await run(true, IDEMPOTENCY_BUDGET.seconds);
    plain.push(withoutKey.cpuMsPerWrite);
    keyed.push(withKey.cpuMsPerWrite);
    p99s.push(`${withKey.load.p99Ms.toFixed(0)}/${withoutKey.load.p99Ms.toFixed(0)}`);
  }
  const extra = median(keyed.map((cpu, pair) => cpu / plain[pair]!)) - 1;
  const list = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
  const cpuOf = ctx.dialect === "postgres" ? "app + PostgreSQL CPU" : "app CPU";
  return {
    name: `${ctx.dialect}: PATCH /api/tasks/:id with a fresh Idempotency-Key vs without, ${cpuOf} per write, median ratio of ${IDEMPOTENCY_BUDGET.pairs} alternating pairs of ${IDEMPOTENCY_BUDGET.seconds} s at ${TASK_WRITE_CONNECTIONS} connections`,
    value: `${extra >= 0 ? "+" : ""}${(extra * 100).toFixed(1)}% (keyed ${list(keyed)} ms; without ${list(plain)} ms; p99 keyed/without ${p99s.join(", ")} ms)`,
    budget: `<= +${IDEMPOTENCY_BUDGET.maxExtra * 100}%`,
    pass: extra <= IDEMPOTENCY_BUDGET.maxExtra,
  };
}
