// BENCH_DATABASES=sqlite,postgres node --import tsx bench/webhook-cost-only.ts: webhook-cost.ts alone, on the built app.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { findFreePort, startServer, waitUntilServing } from "./lib/processes.ts";
import type { BenchContext } from "./scenarios.ts";
import { openBenchDb } from "./seed.ts";
import { measureWebhookCost } from "./webhook-cost.ts";

const secret = randomBytes(48).toString("base64url");
const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databases = (process.env.BENCH_DATABASES ?? "sqlite").split(",");

for (const dialect of databases as Array<"sqlite" | "postgres">) {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `daywise-webhook-bench-`));
  const name = `daywise_bench_${randomBytes(4).toString("hex")}`;
  const databaseUrl = dialect === "postgres" ? adminUrl.replace(/\/[^/]*$/, `/${name}`) : undefined;
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  }
  const server = startServer(
    "app",
    [path.join("dist", "server", "main.js")],
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SESSION_SECRET: secret,
      WEBHOOK_ALLOW_PRIVATE_URLS: "1",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    port,
  );
  try {
    await waitUntilServing(server, "/readyz", performance.now(), 30_000);
    const db = await openBenchDb(
      databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "sqlite", file: path.join(dataDir, "daywise.sqlite") },
    );
    const memo = new Map<string, Promise<unknown>>();
    const ctx: BenchContext = {
      dialect,
      db,
      secret,
      baseUrl: server.baseUrl,
      now: new Date(),
      connections: 10,
      once: <T>(key: string, make: () => Promise<T>) => {
        if (!memo.has(key)) memo.set(key, make());
        return memo.get(key) as Promise<T>;
      },
    };
    const check = await measureWebhookCost(ctx, 3);
    console.log(`${check.name}: ${check.value} (budget ${check.budget}) ${check.pass ? "PASS" : "FAIL"}`);
    await db.close();
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}
