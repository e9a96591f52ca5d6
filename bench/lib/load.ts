import autocannon from "autocannon";

export interface RequestSpec {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  baseUrl: string;
  request: RequestSpec;
  connections: number;
  /** Run for this many seconds... */
  seconds?: number;
  /** ...or for exactly this many requests (for requests that consume something, like a refresh token). */
  amount?: number;
  /** Gives each request its own path, headers or body. */
  nextRequest?: () => Partial<RequestSpec>;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  /** Responses per second over the whole run (requests / seconds). */
  rps: number;
  /** From each response's own time (autocannon's histogram keeps whole milliseconds). */
  p50Ms: number;
  p99Ms: number;
  /** The slowest response of the run. */
  maxMs: number;
  non2xx: number;
  errors: number;
  statusCounts: Record<string, number>;
}

function toAutocannonOptions(options: LoadOptions): autocannon.Options {
  const { request, nextRequest } = options;
  const headers = { ...(request.body !== undefined ? { "content-type": "application/json" } : {}), ...request.headers };
  return {
    url: options.baseUrl,
    connections: options.connections,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds ?? 5 }),
    requests: [
      {
        method: request.method,
        path: request.path,
        headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        ...(nextRequest
          ? {
              setupRequest: (built: autocannon.Request) => {
                const next = nextRequest();
                return {
                  ...built,
                  ...(next.method ? { method: next.method } : {}),
                  ...(next.path ? { path: next.path } : {}),
                  ...(next.body !== undefined ? { body: next.body } : {}),
                  headers: { ...built.headers, ...next.headers },
                };
              },
            }
          : {}),
      },
    ],
  };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const startedAt = performance.now();
  let lastResponseAt = startedAt;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(toAutocannonOptions(options), (error: unknown, result: autocannon.Result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on("response", (_client: unknown, _status: number, _bytes: number, responseMs: number) => {
      lastResponseAt = performance.now();
      latencies.push(responseMs);
    });
  });
  const sorted = Float64Array.from(latencies).sort();
  // autocannon ends a fixed-amount run on its next 1 s sampling tick, so its own duration can be
  // almost a second too long: time the run from the start to the last response instead.
  const seconds = (lastResponseAt - startedAt) / 1000;
  const statusCounts: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCounts[status] = Number(stat.count ?? 0);
  }
  const requests = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  return {
    requests,
    seconds,
    rps: seconds > 0 ? requests / seconds : 0,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCounts,
  };
}
