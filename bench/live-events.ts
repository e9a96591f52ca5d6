// The change stream (decision 038): from a write's answer to its event at another device of the same
// user, with 1,000 other streams open (on PostgreSQL the write goes to a second instance, in this
// process), and the app's extra memory for 10,000 idle streams.
import http from "node:http";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import type { Db } from "../src/server/db/database.ts";
import { readRssMb } from "./lib/processes.ts";
import { formatDay, seedSession, seedUser, sessionHeaders } from "./seed.ts";

export const LIVE_BUDGETS = { p95Ms: 100, idleStreamsMb: 100 };
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

function openStream(baseUrl: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events`, { headers, agent: false }, (response) => {
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

async function openStreams(db: Db, secret: string, now: Date, baseUrl: string, count: number): Promise<Stream[]> {
  const streams: Stream[] = [];
  for (let user = 0; user < count / PER_USER; user++) {
    const userId = await seedUser(db, now, { name: `Listener ${user}` });
    const headers = sessionHeaders(secret, await seedSession(db, userId, now), now);
    const batch = await Promise.all(Array.from({ length: PER_USER }, () => openStream(baseUrl, headers)));
    streams.push(...batch);
  }
  return streams;
}

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

export async function measureLiveEvents(options: {
  dialect: "sqlite" | "postgres";
  db: Db;
  secret: string;
  baseUrl: string;
  pid: number;
  databaseUrl?: string | undefined;
}): Promise<LiveCheck[]> {
  const { dialect, db, secret, baseUrl, pid } = options;
  const now = new Date();
  let writer: Awaited<ReturnType<typeof buildApp>> | undefined;
  const opened: Stream[] = [];
  try {
    let writeUrl = baseUrl;
    if (options.databaseUrl) {
      const env = { DATABASE_URL: options.databaseUrl, SESSION_SECRET: secret, LOG_LEVEL: "silent", ROLLOVER_SCHEDULER: "off" };
      writer = await buildApp({ ...loadConfig(env), shutdownDrainMs: 0 }, { logger: false, webRoot: "/nonexistent" });
      writeUrl = await writer.listen({ port: 0, host: "127.0.0.1" });
    }
    opened.push(...(await openStreams(db, secret, now, baseUrl, OTHER_STREAMS)));
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

    const before = readRssMb(pid);
    opened.push(...(await openStreams(db, secret, now, baseUrl, IDLE_STREAMS)));
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const after = readRssMb(pid);
    const extra = before === null || after === null ? null : after - before;
    const where = dialect === "postgres" ? "PostgreSQL, write on a second instance" : "SQLite";
    return [
      {
        name: `live: write answer to event at the user's other device, ${OTHER_STREAMS} other streams open (${where}, p95 of ${WRITES})`,
        value: `${p95.toFixed(1)} ms`,
        budget: `< ${LIVE_BUDGETS.p95Ms} ms`,
        pass: p95 < LIVE_BUDGETS.p95Ms,
      },
      {
        name: `live: app memory for ${IDLE_STREAMS} idle streams (${dialect})`,
        value: extra === null ? "n/a (no /proc)" : `${extra.toFixed(0)} MB`,
        budget: `< ${LIVE_BUDGETS.idleStreamsMb} MB`,
        pass: extra !== null && extra < LIVE_BUDGETS.idleStreamsMb,
      },
    ];
  } finally {
    for (const stream of opened) stream.close();
    await writer?.close();
  }
}
