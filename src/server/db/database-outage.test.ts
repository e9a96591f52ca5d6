// PostgreSQL lost and found again, through a TCP proxy the test controls (issue 18): a connection
// dropped under load must not kill the process; while the database cannot be reached requests
// answer 503 with Retry-After, quickly, and the health checks tell the truth; once it is back the
// app serves again without a restart.
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import { signInTestUser, type SignedInUser } from "../test/sign-in.ts";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.ts";
import { createTestDatabase, type TestDatabase, testConfig } from "../test/test-app.ts";
import { createDb, type Db } from "./database.ts";

const postgresUrl = inject("postgresUrl");

describe.skipIf(!postgresUrl)("PostgreSQL outage [postgres]", () => {
  let direct: TestDatabase;
  let proxy: TcpProxy;
  let db: Db;
  let app: App;
  let user: SignedInUser;
  const backgroundErrors: Error[] = [];

  beforeAll(async () => {
    direct = await createTestDatabase("postgres");
    proxy = await startTcpProxy(direct.url!);
    db = createDb(
      { kind: "postgres", url: proxy.url, schema: direct.db.schema, pool: { connectTimeoutMs: 1_000, queryTimeoutMs: 800 } },
      { onBackgroundError: (error) => backgroundErrors.push(error) },
    );
    app = await buildApp(testConfig(), { db, logger: false, webRoot: "/nonexistent" });
    await app.ready();
    user = await signInTestUser(app);
  });
  afterEach(() => proxy.setMode("open"));
  afterAll(async () => {
    await app.close();
    await db.close();
    await proxy.close();
    await direct.db.close();
  });

  const readDay = () => app.inject({ url: "/api/tasks?date=2026-05-04", headers: user.headers });
  const createTask = (title: string) =>
    app.inject({ method: "POST", url: "/api/tasks", headers: user.mutatingHeaders, payload: { title, date: "2026-05-04" } });

  it("survives connections dropped while requests use them, and serves again at once", async () => {
    // A statement that holds its connection while the proxy resets every connection, and a load of
    // reads and writes beside it.
    const held = sql`select pg_sleep(0.3)`.execute(db.kysely).then(
      () => "finished",
      () => "failed",
    );
    const load = Array.from({ length: 40 }, (_, i) => (i % 2 ? readDay() : createTask(`load ${i}`)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    proxy.setMode("cut");
    proxy.setMode("open");
    const answers = await Promise.all(load);
    expect(await held).toBe("failed");
    for (const answer of answers) {
      expect([200, 201, 503]).toContain(answer.statusCode);
      if (answer.statusCode === 503) expect(answer.json()).toMatchObject({ code: "database_unavailable" });
    }
    // The lost connections were reported, not thrown, and the pool made new ones.
    expect(backgroundErrors.length).toBeGreaterThan(0);
    expect((await readDay()).statusCode).toBe(200);
  });

  it("answers 503 with Retry-After within 2 s while the database is cut; /healthz stays 200, /readyz is 503; heals", async () => {
    proxy.setMode("cut");
    const started = Date.now();
    const [read, write, healthz, readyz] = await Promise.all([
      readDay(),
      createTask("while cut"),
      app.inject({ url: "/healthz", headers: user.headers }),
      app.inject({ url: "/readyz", headers: user.headers }),
    ]);
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const answer of [read, write]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers["retry-after"]).toBe("5");
      expect(answer.json()).toEqual({ message: expect.stringContaining("database"), code: "database_unavailable" });
    }
    expect(healthz.statusCode).toBe(200);
    expect(readyz.statusCode).toBe(503);

    // Connections the cut reset are dropped as the app notices them; no restart is needed.
    proxy.setMode("open");
    await expect.poll(async () => (await app.inject("/readyz")).statusCode, { timeout: 3_000 }).toBe(200);
    expect((await createTask("after the outage")).statusCode).toBe(201);
  });

  it("gives up on a partitioned database within its timeouts instead of hanging", async () => {
    proxy.setMode("partitioned");
    const started = Date.now();
    const [read, readyz] = await Promise.all([readDay(), app.inject("/readyz")]);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(read.statusCode).toBe(503);
    expect(readyz.statusCode).toBe(503);
    proxy.setMode("open");
    await expect.poll(async () => (await readDay()).statusCode, { timeout: 3_000 }).toBe(200);
  });
});
