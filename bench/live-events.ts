// The change stream (decision 038): from a write's answer to its event at another device of the same
// user, with 1,000 other streams open (on PostgreSQL the write goes to a second instance, in this
// process), and the app's extra memory for 10,000 idle streams: at most 2x what a bare Fastify server
// holding the same 10,000 open responses takes, both fresh processes read after a full collection.
import http from "node:http";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import type { Db } from "../src/server/db/database.ts";
import { type ServerProcess, readRssMb } from "./lib/processes.ts";
import { formatDay, seedSession, seedUser, sessionHeaders } from "./seed.ts";

export const LIVE_BUDGETS = { p95Ms: 100, idleStreamsVsBaseline: 2 };
const OTHER_STREAMS = 1_000;
const IDLE_STREAMS = 10_000;
const WRITES = 100;
const PER_USER = 10;

export interface LiveCheck {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

interface Stream {
  onEvent?: () => void;
  close(): void;
}

function openStream(baseUrl: string, headers: Record<string, string>, path = "/api/events"): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      const stream: Stream = { close: () => response.destroy() };
      response.on("data", (chunk: Buffer) => {
        if (chunk.includes("event: change")) stream.onEvent?.();
      });
      resolve(stream);
    });
    request.on("error", reject);
  });
}

/** `count` streams, PER_USER at a time, each batch with the headers `headersFor` gives (a new person's session, or none). */
async function openStreams(
  baseUrl: string,
  count: number,
  headersFor: (batch: number) => Promise<Record<string, string>>,
  path?: string,
): Promise<Stream[]> {
  const streams: Stream[] = [];
  for (let batch = 0; batch < count / PER_USER; batch++) {
    const headers = await headersFor(batch);
    streams.push(...(await Promise.all(Array.from({ length: PER_USER }, () => openStream(baseUrl, headers, path)))));
  }
  return streams;
}

/** Headers of a new signed-in person per batch. */
const newListener = (db: Db, secret: string, now: Date) => async (batch: number) => {
  const userId = await seedUser(db, now, { name: `Listener ${batch}` });
  return sessionHeaders(secret, await seedSession(db, userId, now), now);
};

function post(baseUrl: string, path: string, headers: Record<string, string>, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      `${baseUrl}${path}`,
      { method: "POST", headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(payload) } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** Resident memory after a full collection (gc-on-signal.cjs), so that earlier garbage is not counted. */
async function collectedRssMb(app: ServerProcess): Promise<number | null> {
  const done = `bench-gc-done ${(app.output().match(/bench-gc-done/g)?.length ?? 0) + 1}`;
  app.child.kill("SIGWINCH");
  const deadline = performance.now() + 10_000;
  while (!app.output().includes(done)) {
    if (performance.now() > deadline) throw new Error("the app did not answer the bench's garbage collection signal");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return readRssMb(app.pid);
}

/** The resident memory `count` streams opened by `open` add to a fresh `server`, after a few opened and closed first. */
async function idleStreamsMb(server: ServerProcess, open: (count: number) => Promise<Stream[]>, count: number): Promise<number | null> {
  const opened: Stream[] = [];
  try {
    for (const warmUp of await open(PER_USER)) warmUp.close();
    const before = await collectedRssMb(server);
    opened.push(...(await open(count)));
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const after = await collectedRssMb(server);
    return before === null || after === null ? null : after - before;
  } finally {
    for (const stream of opened) stream.close();
  }
}

export async function measureLiveEvents(options: {
  dialect: "sqlite" | "postgres";
  db: Db;
  secret: string;
  baseUrl: string;
  /** Fresh processes for the idle streams' memory: a second app on the same database, and the baseline. */
  startIdleApp: () => Promise<ServerProcess>;
  startIdleBaseline: () => Promise<ServerProcess>;
  databaseUrl?: string | undefined;
}): Promise<LiveCheck[]> {
  const { dialect, db, secret, baseUrl } = options;
  const now = new Date();
  let writer: Awaited<ReturnType<typeof buildApp>> | undefined;
  const fresh: ServerProcess[] = [];
  const opened: Stream[] = [];
  try {
    let writeUrl = baseUrl;
    if (options.databaseUrl) {
      const env = { DATABASE_URL: options.databaseUrl, SESSION_SECRET: secret, LOG_LEVEL: "silent", ROLLOVER_SCHEDULER: "off" };
      writer = await buildApp({ ...loadConfig(env), shutdownDrainMs: 0 }, { logger: false, webRoot: "/nonexistent" });
      writeUrl = await writer.listen({ port: 0, host: "127.0.0.1" });
    }
    opened.push(...(await openStreams(baseUrl, OTHER_STREAMS, newListener(db, secret, now))));
    const userId = await seedUser(db, now, { name: "Two devices" });
    const desktop = await openStream(baseUrl, sessionHeaders(secret, await seedSession(db, userId, now), now));
    opened.push(desktop);
    const phone = sessionHeaders(secret, await seedSession(db, userId, now), now);
    const latencies: number[] = [];
    for (let write = 0; write < WRITES; write++) {
      let eventAt = 0;
      const heard = new Promise<void>((resolve) => {
        desktop.onEvent = () => {
          eventAt = performance.now();
          resolve();
        };
      });
      const status = await post(writeUrl, "/api/tasks", phone, { title: `Live ${write}`, date: formatDay(now) });
      if (status !== 201) throw new Error(`a write answered ${status}`);
      const answeredAt = performance.now();
      await heard;
      // On SQLite the event leaves at the commit, before the answer: no wait at all.
      latencies.push(Math.max(0, eventAt - answeredAt));
    }
    latencies.sort((a, b) => a - b);
    const p95 = latencies[Math.floor(latencies.length * 0.95)]!;
    for (const stream of opened.splice(0)) stream.close();
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // Processes of their own: the load before would leave its garbage and its grown heap in the figure.
    const idleApp = await options.startIdleApp();
    fresh.push(idleApp);
    const extra = await idleStreamsMb(idleApp, (count) => openStreams(idleApp.baseUrl, count, newListener(db, secret, now)), IDLE_STREAMS);
    await idleApp.stop();
    const baseline = await options.startIdleBaseline();
    fresh.push(baseline);
    const floor = await idleStreamsMb(baseline, (count) => openStreams(baseline.baseUrl, count, async () => ({}), "/events"), IDLE_STREAMS);
    const ratio = extra === null || floor === null ? null : extra / floor;
    const where = dialect === "postgres" ? "PostgreSQL, write on a second instance" : "SQLite";
    return [
      {
        name: `live: write answer to event at the user's other device, ${OTHER_STREAMS} other streams open (${where}, p95 of ${WRITES})`,
        value: `${p95.toFixed(1)} ms`,
        budget: `< ${LIVE_BUDGETS.p95Ms} ms`,
        pass: p95 < LIVE_BUDGETS.p95Ms,
      },
      {
        name: `live: app memory for ${IDLE_STREAMS} idle streams vs a bare Fastify server's for as many open responses (${dialect}, fresh processes, resident after a full collection)`,
        value:
          extra === null || floor === null || ratio === null
            ? "n/a (no /proc)"
            : `${ratio.toFixed(1)}x (${extra.toFixed(0)} / ${floor.toFixed(0)} MB)`,
        budget: `<= ${LIVE_BUDGETS.idleStreamsVsBaseline}x`,
        pass: ratio !== null && ratio <= LIVE_BUDGETS.idleStreamsVsBaseline,
      },
    ];
  } finally {
    for (const stream of opened) stream.close();
    await writer?.close();
    for (const server of fresh) await server.stop();
  }
}
