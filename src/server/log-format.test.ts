import { describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import {
  conciseRequestLine,
  describeDataLocation,
  formatLogLine,
  loggedUrl,
  prettyLogStream,
  shouldPrettyPrint,
  startLine,
} from "./log-format.ts";
import { createTestDatabase, testConfig } from "./test/test-app.ts";

describe("server logs", () => {
  it("are pretty only in a terminal outside production", () => {
    expect(shouldPrettyPrint(true, "development")).toBe(true);
    expect(shouldPrettyPrint(true, "production")).toBe(false);
    expect(shouldPrettyPrint(false, "development")).toBe(false);
    expect(shouldPrettyPrint(undefined, "development")).toBe(false);
  });

  it("turn a pino JSON line into a short line with the level, the message and the other fields", () => {
    const time = new Date(2026, 10, 24, 9, 5, 7).getTime();
    const line = JSON.stringify({ level: 30, time, pid: 1, hostname: "h", reqId: "r1", msg: "request completed", responseTime: 1.5 });
    expect(formatLogLine(line, false)).toBe("09:05:07 INFO  request completed reqId=r1 responseTime=1.5\n");
    expect(formatLogLine(JSON.stringify({ level: 50, time, msg: "failed", err: { stack: "Error: x\n    at y" } }), false)).toBe(
      "09:05:07 ERROR failed \nError: x\n    at y\n",
    );
    expect(formatLogLine("not json", false)).toBe("not json\n");
  });

  it("write each entry of a chunk on its own line", () => {
    const written: string[] = [];
    const stream = prettyLogStream({ write: (text: string) => written.push(text) } as unknown as NodeJS.WritableStream, false);
    stream.write(`${JSON.stringify({ level: 40, time: 0, msg: "a" })}\n`);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/WARN {2}a\n$/);
  });

  it("say at start where to open the app and where the data is, never a database password", () => {
    expect(startLine("http://localhost:3000", { kind: "sqlite", file: "/srv/daywise/data/daywise.sqlite" })).toBe(
      "Daywise is ready: open http://localhost:3000 (data: SQLite file /srv/daywise/data/daywise.sqlite)",
    );
    const postgres = describeDataLocation({ kind: "postgres", url: "postgres://app:secret@db.internal:5432/daywise" });
    expect(postgres).toBe("PostgreSQL db.internal:5432/daywise");
    expect(postgres).not.toContain("secret");
  });
});

describe("request logs", () => {
  it("never log a calendar feed's secret path", () => {
    expect(loggedUrl("/calendar/prR8cGe2eiQTIousjA0wik1xX8rHsRuBwcfraMlj56A.ics")).toBe("/calendar/[redacted]");
    expect(loggedUrl("/api/calendar/events?date=2026-03-24")).toBe("/api/calendar/events?date=2026-03-24");
    for (const url of ["/%63alendar/s3cret.ics", "/calendar/%73%33cret.ics", "//Calendar/s3cret.ics", "/x/../calendar/s3cret.ics"]) {
      expect(loggedUrl(url), url).toBe("/calendar/[redacted]");
    }
    expect(loggedUrl("/%61uth/callback?code=secret")).toBe("/%61uth/callback");
    expect(loggedUrl("/%zz/calendar")).toBe("/%zz/calendar");
  });

  it("are one short line for an API or sign-in call, without a sign-in URL's query, and none for pages or the build's files", () => {
    expect(conciseRequestLine("GET", "/api/tasks?date=2026-11-24", 200, 3.4)).toBe("GET /api/tasks?date=2026-11-24 200 3 ms");
    expect(conciseRequestLine("GET", "/auth/callback?code=secret&state=s", 302, 12.6)).toBe("GET /auth/callback 302 13 ms");
    expect(conciseRequestLine("GET", "/assets/index-abc.js", 200, 1)).toBeNull();
    expect(conciseRequestLine("GET", "/sw.js", 200, 1)).toBeNull();
    expect(conciseRequestLine("GET", "/goals", 200, 1)).toBeNull();
  });

  async function logsOf(conciseRequestLogs: boolean, paths: string[]): Promise<Record<string, unknown>[]> {
    const { db } = await createTestDatabase("sqlite");
    const lines: string[] = [];
    const app = await buildApp(testConfig({ logLevel: "debug" }), {
      db,
      webRoot: "/nonexistent",
      conciseRequestLogs,
      logStream: { write: (line: string) => lines.push(line) },
    });
    await app.ready();
    lines.length = 0;
    for (const path of paths) await app.inject(path);
    await app.close();
    await db.close();
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it("in a terminal: one debug line per API call, nothing at info, nothing for the build's files", async () => {
    const entries = await logsOf(true, ["/api/user", "/assets/index-abc.js", "/icons/icon-192.png"]);
    expect(entries.filter((entry) => Number(entry.level) >= 30)).toEqual([]);
    expect(entries.map((entry) => entry.msg)).toEqual([expect.stringMatching(/^GET \/api\/user 401 \d+ ms$/)]);
  });

  it("as JSON: every request, as Fastify logs it", async () => {
    const entries = await logsOf(false, ["/api/user", "/assets/index-abc.js"]);
    expect(entries.filter((entry) => entry.msg === "request completed")).toHaveLength(2);
  });
});
