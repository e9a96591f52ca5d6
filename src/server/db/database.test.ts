import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../test/test-app.ts";
import { incrementCounter } from "../plugins/rate-limit.ts";
import { compiledQuery } from "./compiled-query.ts";
import { createDb, type Db, listenerName } from "./database.ts";

/** A fresh database with one user, u1 (Ada). */
async function databaseWithAda(dialect: Parameters<typeof createTestDatabase>[0]): Promise<TestDatabase> {
  const t = await createTestDatabase(dialect);
  await t.db.kysely
    .insertInto("users")
    .values({ id: "u1", name: "Ada", email: null, avatarUrl: null, timeZone: "UTC", createdAt: "x", updatedAt: "x" })
    .execute();
  return t;
}

const userById = compiledQuery((db, p: { id: string }) => db.selectFrom("users").select(["id", "name"]).where("id", "=", p.id));

describeEachDatabase("database: compiled queries", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await databaseWithAda(dialect);
  });
  afterAll(() => t.drop());

  it("run with new parameters each time, through a transaction too", async () => {
    expect(await userById.rows(t.db.kysely, { id: "u1" })).toEqual([{ id: "u1", name: "Ada" }]);
    expect(await userById.rows(t.db.kysely, { id: "nobody" })).toEqual([]);
    const inTransaction = await t.db.kysely.transaction().execute((trx) => userById.takeFirst(trx, { id: "u1" }));
    expect(inTransaction).toEqual({ id: "u1", name: "Ada" });
  });

  it.runIf(dialect === "postgres")("are named prepared statements on PostgreSQL, other queries are not", async () => {
    const prepared = await t.db.kysely.connection().execute(async (connection) => {
      await userById.rows(connection, { id: "u1" });
      await userById.rows(connection, { id: "u1" });
      await sql`select ${1} as one`.execute(connection);
      return sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
    });
    const statements = prepared.rows.map((row) => row.statement);
    expect(statements.filter((text) => text.includes('from "users"'))).toHaveLength(1);
    expect(statements.filter((text) => text.includes("as one"))).toHaveLength(0);
  });
});

describeEachDatabase("database: the SQLite write count", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await databaseWithAda(dialect);
  });
  afterAll(() => t.drop());

  it.runIf(dialect === "sqlite")("leaves out writes to the rate-limit counters and the AI exchanges, and counts every other", async () => {
    const db = t.db.kysely;
    const count = t.db.writeCount!;
    const before = count()!;
    // The AI chat's limit counters (an upsert with RETURNING) and its exchange's record, alone and in a group commit.
    await incrementCounter(db, "ai-minute:u1", 60_000, new Date());
    await t.db.groupCommit((trx) => incrementCounter(trx, "ai-day:u1", 60_000, new Date()));
    await db
      .insertInto("aiConversations")
      .values({ id: "c1", userId: "u1", provider: "openai", inputTokens: 1, outputTokens: 2, createdAt: "x" })
      .execute();
    await db.deleteFrom("rateLimits").where("key", "=", "nothing").execute();
    expect(count()).toBe(before);
    // Any other table's write is counted: users (the data version, a time zone), sessions, tasks.
    await db.updateTable("users").set({ timeZone: "Europe/Paris" }).where("id", "=", "u1").execute();
    expect(count()).toBe(before + 1);
    await sql`insert into ai_breakdowns (id, user_id, goal_id, provider, suggestions_shown, suggestions_created, created_at) values ('b1', 'u1', null, 'openai', 1, 0, 'x')`.execute(
      db,
    );
    expect(count()).toBe(before + 2);
  });
});

describeEachDatabase("database: the PostgreSQL write count", (dialect) => {
  let t: TestDatabase;
  /** A second instance's connection to the same schema. */
  let other: Db;
  beforeAll(async () => {
    t = await databaseWithAda(dialect);
    if (dialect === "postgres") other = createDb({ kind: "postgres", url: t.url!, schema: t.db.schema! });
  });
  afterAll(async () => {
    await other?.close();
    await t.drop();
  });

  /** Waits until `db` listens for other instances' writes; its count then. */
  const listening = async (db: Db): Promise<number> => {
    await expect.poll(() => db.writeCount!(), { timeout: 5_000 }).not.toBeUndefined();
    return db.writeCount!()!;
  };
  const sessionRow = {
    userId: "u1",
    createdAt: "x",
    lastUsedAt: "x",
    expiresAt: "2100-01-01T00:00:00.000Z",
    userAgent: null,
    refreshHashes: "",
    retiredRefreshHashes: "",
  };

  it.runIf(dialect === "postgres")(
    "counts this instance's writes and commits, and another instance's writes to what a session check reads once committed",
    async () => {
      const db = t.db.kysely;
      const mine = await listening(t.db);
      const theirs = await listening(other);
      // This instance: its writes, but not the rate-limit counters, alone or in a transaction.
      await incrementCounter(db, "ai-minute:u1", 60_000, new Date());
      await db.transaction().execute((trx) => incrementCounter(trx, "ai-day:u1", 60_000, new Date()));
      expect(t.db.writeCount!()).toBe(mine);
      await db.updateTable("users").set({ timeZone: "Europe/Paris" }).where("id", "=", "u1").execute();
      expect(t.db.writeCount!()).toBe(mine + 1);
      // A write no session check reads sends no notice to the other instance.
      await db
        .insertInto("sessions")
        .values({ id: "s1", ...sessionRow })
        .execute();
      // A raised data version is noticed there once committed, not before.
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("users")
          .set({ dataVersion: sql`data_version + 1` })
          .where("id", "=", "u1")
          .execute();
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(other.writeCount!()).toBe(theirs);
      });
      // The session's insert, the update, the commit (and, soon after, this instance's own notice).
      expect(t.db.writeCount!()).toBeGreaterThanOrEqual(mine + 4);
      await expect.poll(() => other.writeCount!()).toBe(theirs + 1);
      // So is a revoked session.
      await db.updateTable("sessions").set({ revokedAt: "y" }).where("id", "=", "s1").execute();
      await expect.poll(() => other.writeCount!()).toBe(theirs + 2);
    },
  );

  it.runIf(dialect === "postgres")("is undefined while its listening connection is down, and moves on once it listens again", async () => {
    const before = await listening(other);
    const admin = new pg.Client({ connectionString: inject("postgresUrl")! });
    await admin.connect();
    try {
      const terminated = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [
        listenerName(t.db.schema),
      ]);
      expect(terminated.rowCount).toBe(2); // this instance's and the other's
    } finally {
      await admin.end();
    }
    await expect.poll(() => other.writeCount!(), { timeout: 5_000 }).toBeUndefined();
    const after = await listening(other);
    expect(after).toBeGreaterThan(before);
  });

  it.runIf(dialect === "postgres")("tries again every second while the database cannot be reached, reporting that once", async () => {
    const errors: Error[] = [];
    // Nothing listens on port 1.
    const unreachable = createDb(
      { kind: "postgres", url: "postgres://postgres@127.0.0.1:1/postgres" },
      { onBackgroundError: (error) => errors.push(error) },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(unreachable.writeCount!()).toBeUndefined();
      expect(errors).toHaveLength(1);
      expect(errors[0]!.message).toMatch(/ECONNREFUSED/);
    } finally {
      await unreachable.close();
    }
  });
});
