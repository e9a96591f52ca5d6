// Issue 50's budget: an Idempotency-Key adds at most 10% to the task write's p99. The writes with and
// without a key run side by side, half the connections each, so both see the same moments of the machine:
// run one after the other, a busy moment fell on one side (+45% and -0.3% under load 16 with unchanged
// code). The median of the runs' p99 ratios is the figure.
import { type LoadResult, runLoad } from "./lib/load.ts";
import { type BenchContext, TASK_WRITE_CONNECTIONS, taskWriteLoad } from "./scenarios.ts";

export const IDEMPOTENCY_BUDGET = { maxExtra: 0.1, pairs: Number(process.env.BENCH_IDEMPOTENCY_PAIRS ?? 7), seconds: 4 };

export interface IdempotencyCheck {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureIdempotencyCost(ctx: BenchContext, warmupSeconds: number): Promise<IdempotencyCheck> {
  const run = async (keyed: boolean, seconds: number): Promise<LoadResult> => {
    const load = await taskWriteLoad(ctx, keyed);
    const request = { method: "PATCH" as const, path: "/api/tasks/:id", body: "{}" };
    const result = await runLoad({
      baseUrl: ctx.baseUrl,
      request,
      connections: TASK_WRITE_CONNECTIONS / 2,
      nextRequest: load.nextRequest!,
      seconds,
    });
    if (result.non2xx + result.errors > 0)
      throw new Error(`${keyed ? "keyed" : "plain"} write answered ${JSON.stringify(result.statusCounts)}`);
    return result;
  };
  const plain: number[] = [];
  const keyed: number[] = [];
  const sideBySide = (seconds: number) => Promise.all([run(false, seconds), run(true, seconds)]);
  await sideBySide(warmupSeconds);
  for (let pair = 0; pair < IDEMPOTENCY_BUDGET.pairs; pair++) {
    const [withoutKey, withKey] = await sideBySide(IDEMPOTENCY_BUDGET.seconds);
    plain.push(withoutKey.p99Ms);
    keyed.push(withKey.p99Ms);
  }
  const extra = median(keyed.map((p99, pair) => p99 / plain[pair]!)) - 1;
  const list = (values: number[]) => values.map((value) => value.toFixed(1)).join(", ");
  return {
    name: `${ctx.dialect}: PATCH /api/tasks/:id with a fresh Idempotency-Key vs without, side by side at ${TASK_WRITE_CONNECTIONS / 2} connections each, median p99 ratio of ${IDEMPOTENCY_BUDGET.pairs} runs of ${IDEMPOTENCY_BUDGET.seconds} s`,
    value: `${extra >= 0 ? "+" : ""}${(extra * 100).toFixed(1)}% (keyed ${list(keyed)} ms; without ${list(plain)} ms)`,
    budget: `<= +${IDEMPOTENCY_BUDGET.maxExtra * 100}%`,
    pass: extra <= IDEMPOTENCY_BUDGET.maxExtra,
  };
}
