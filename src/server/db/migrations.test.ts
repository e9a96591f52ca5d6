// Migrations that change what is stored, run on a database holding the previous version's rows.
import { Migrator } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ACCESS_COOKIE, createAccessToken, createCsrfToken, CSRF_COOKIE, REFRESH_COOKIE } from "../modules/auth/session-tokens.ts";
import { type App, buildApp } from "../app.ts";
import { createDb, type Db } from "./database.ts";
import { migrations } from "./migrate.ts";
import { TEST_SECRET, testConfig } from "../test/test-app.ts";

let db: Db;
let app: App;
const now = new Date("2026-11-22T10:00:00.000Z");
const later = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

beforeAll(async () => {
  db = createDb({ kind: "sqlite", file: ":memory:" }, { sqliteFile: ":memory:" });
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0004-user-data-version")).error).toBeUndefined();
  // A signed-in user as version 0004 stored it: a session and its refresh token in refresh_tokens.
  await db.kysely
    .insertInto("users")
    .values({
      id: "u1",
      name: "Ada",
      email: "ada@example.test",
      avatarUrl: null,
      timeZone: "UTC",
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .execute();
  await db.kysely
    .insertInto("sessions")
    .values({
      id: "s1",
      userId: "u1",
      createdAt: now.toISOString(),
      lastUsedAt: now.toISOString(),
      expiresAt: later(60),
      revokedAt: null,
      userAgent: "test",
    } as never)
    .execute();
  await db.kysely
    .insertInto("refreshTokens" as never)
    .values({
      id: "t1",
      sessionId: "s1",
      tokenHash: "a".repeat(64),
      createdAt: now.toISOString(),
      expiresAt: later(14),
      rotatedAt: null,
      replacedById: null,
    } as never)
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  app = await buildApp(testConfig(), { db, logger: false, now: () => now, webRoot: "/nonexistent" });
});

afterAll(async () => {
  await app.close();
  await db.close();
});

it("0005 keeps sessions and their access cookies, and refuses the old refresh tokens without revoking", async () => {
  const access = createAccessToken(TEST_SECRET, "s1", new Date(now.getTime() + 3_600_000));
  const user = await app.inject({ url: "/api/user", headers: { cookie: `${ACCESS_COOKIE}=${access}` } });
  expect(user.statusCode).toBe(200);
  expect(user.json().name).toBe("Ada");

  const csrf = createCsrfToken(TEST_SECRET, "s1");
  const refresh = await app.inject({
    method: "POST",
    url: "/auth/refresh",
    headers: { cookie: `${REFRESH_COOKIE}=${"x".repeat(43)}; ${CSRF_COOKIE}=${csrf}`, "x-csrf-token": csrf },
  });
  expect(refresh.statusCode).toBe(401);
  const session = await db.kysely.selectFrom("sessions").selectAll().where("id", "=", "s1").executeTakeFirstOrThrow();
  expect(session).toMatchObject({ revokedAt: null, refreshHashes: "", retiredRefreshHashes: "", refreshExpiresAt: null });
});
