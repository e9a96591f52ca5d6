// Issue 54's budget: a task write with 5 webhooks subscribed keeps its p99 ratio. Writers without webhooks and
// writers with 5 each (to a local receiver answering 204, so deliveries are sent during the run) write side by
// side, half the connections each, as idempotency-cost.ts does; the median of the runs' p99 ratios is the figure.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type LoadResult, runLoad } from "./lib/load.ts";
import { type BenchContext, TASK_WRITE_CONNECTIONS, taskWriteLoad } from "./scenarios.ts";
import { formatDay, seedDayTasks, seedSignedInUser } from "./seed.ts";

export const WEBHOOK_BUDGET = { maxExtra: 0.1, pairs: Number(process.env.BENCH_WEBHOOK_PAIRS ?? 7), seconds: 4, webhooks: 5 };
const HOOKED_WRITERS = 20;
const TASKS_PER_WRITER = 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureWebhookCost(ctx: BenchContext, warmupSeconds: number) {
  let received = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const today = formatDay(ctx.now);
    const hooked: Array<{ headers: Record<string, string>; taskIds: string[] }> = [];
    for (let index = 0; index < HOOKED_WRITERS; index++) {
      const user = await seedSignedInUser(ctx.db, ctx.secret, ctx.now, { name: `Hooked writer ${index + 1}` });
      await seedDayTasks(ctx.db, user.userId, [today], TASKS_PER_WRITER, ctx.now);
      const webhooks = Array.from({ length: WEBHOOK_BUDGET.webhooks }, () => ({
        id: randomUUID(),
        userId: user.userId,
        url,
        events: JSON.stringify(["task.updated", "task.completed"]),
        secret: `whsec_${Buffer.alloc(24, index).toString("base64")}`,
        enabled: 1 as const,
        disabledReason: null,
        createdAt: ctx.now.toISOString(),
      }));
      await ctx.db.kysely.insertInto("webhooks").values(webhooks).execute();
      const tasks = await ctx.db.kysely.selectFrom("tasks").select("id").where("userId", "=", user.userId).execute();
      hooked.push({ headers: user.headers, taskIds: tasks.map((task) => task.id) });
    }
    let next = 0;
    const hookedRequest = () => {
      const index = next++;
      const writer = hooked[index % hooked.length]!;
      const taskId = writer.taskIds[Math.floor(index / hooked.length) % writer.taskIds.length]!;
      return { path: `/api/tasks/${taskId}`, headers: writer.headers, body: JSON.stringify({ title: `Renamed ${index}` }) };
    };
    const run = async (withHooks: boolean, seconds: number): Promise<LoadResult> => {
      const nextRequest = withHooks ? hookedRequest : (await taskWriteLoad(ctx, false)).nextRequest!;
      const request = { method: "PATCH" as const, path: "/api/tasks/:id", body: "{}" };
      const result = await runLoad({ baseUrl: ctx.baseUrl, request, connections: TASK_WRITE_CONNECTIONS / 2, nextRequest, seconds });
      if (result.non2xx + result.errors > 0) throw new Error(`write answered ${JSON.stringify(result.statusCounts)}`);
      return result;
    };
    const plain: number[] = [];
    const withHooks: number[] = [];
    const sideBySide = (seconds: number) => Promise.all([run(false, seconds), run(true, seconds)]);
    await sideBySide(warmupSeconds);
    let hookedWrites = 0;
    for (let pair = 0; pair < WEBHOOK_BUDGET.pairs; pair++) {
      const [without, hookedRun] = await sideBySide(WEBHOOK_BUDGET.seconds);
      plain.push(without.p99Ms);
      withHooks.push(hookedRun.p99Ms);
      hookedWrites += hookedRun.requests;
    }
    const extra = median(withHooks.map((p99, pair) => p99 / plain[pair]!)) - 1;
    const list = (values: number[]) => values.map((value) => value.toFixed(1)).join(", ");
    return {
      name: `${ctx.dialect}: PATCH /api/tasks/:id with ${WEBHOOK_BUDGET.webhooks} webhooks subscribed vs none, side by side at ${TASK_WRITE_CONNECTIONS / 2} connections each, median p99 ratio of ${WEBHOOK_BUDGET.pairs} runs of ${WEBHOOK_BUDGET.seconds} s`,
      value: `${extra >= 0 ? "+" : ""}${(extra * 100).toFixed(1)}% (with webhooks ${list(withHooks)} ms; without ${list(plain)} ms; ${received} deliveries received for ${hookedWrites} measured writes)`,
      budget: `<= +${WEBHOOK_BUDGET.maxExtra * 100}%`,
      pass: extra <= WEBHOOK_BUDGET.maxExtra,
    };
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
}
