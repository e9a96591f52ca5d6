import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../test/test-app.ts";
import type { Database } from "./schema.ts";

const stamp = "2026-01-01T00:00:00.000Z";
const addUser = (db: Kysely<Database>, id: string) =>
  db
    .insertInto("users")
    .values({ id, name: id, email: null, avatarUrl: null, timeZone: "UTC", createdAt: stamp, updatedAt: stamp })
    .execute();
const userIds = async (db: Kysely<Database>, prefix: string) =>
  (await db.selectFrom("users").select("id").where("id", "like", `${prefix}%`).orderBy("id").execute()).map((row) => row.id);

describeEachDatabase("database: group commit", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.db.close());

  // Each database's own behaviour, registered only where it applies.
  const onSqlite = dialect === "sqlite" ? it : () => undefined;
  const onPostgres = dialect === "postgres" ? it : () => undefined;

  onSqlite("runs the writes asked for in one turn in one transaction, and the next turn's in another", async () => {
    const seen: Kysely<Database>[] = [];
    const write = (id: string) =>
      t.db.groupCommit(async (trx) => {
        seen.push(trx);
        await addUser(trx, id);
        return id;
      });
    const sameTurn = await Promise.all([write("turn-a1"), write("turn-a2"), write("turn-a3")]);
    const nextTurn = await write("turn-b1");

    expect(sameTurn).toEqual(["turn-a1", "turn-a2", "turn-a3"]);
    expect(nextTurn).toBe("turn-b1");
    expect(seen[0]).not.toBe(t.db.kysely);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
    expect(seen[3]).not.toBe(seen[0]);
    expect(await userIds(t.db.kysely, "turn-")).toEqual(["turn-a1", "turn-a2", "turn-a3", "turn-b1"]);
  });

  onSqlite("rejects a failing write alone: the others of its turn are committed", async () => {
    await addUser(t.db.kysely, "fail-taken");
    const outcomes = await Promise.allSettled([
      t.db.groupCommit((trx) => addUser(trx, "fail-1")),
      t.db.groupCommit((trx) => addUser(trx, "fail-taken")),
      t.db.groupCommit((trx) => addUser(trx, "fail-2")),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await userIds(t.db.kysely, "fail-")).toEqual(["fail-1", "fail-2", "fail-taken"]);
  });

  onSqlite("settles after the commit: when the commit fails, every write of the turn rejects and none is kept", async () => {
    const outcomes = await Promise.allSettled([
      t.db.groupCommit((trx) => addUser(trx, "commit-1")),
      // Checked at COMMIT only: a session of a user that does not exist.
      t.db.groupCommit(async (trx) => {
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await trx
          .insertInto("sessions")
          .values({
            id: "s-orphan",
            userId: "nobody",
            createdAt: stamp,
            lastUsedAt: stamp,
            expiresAt: stamp,
            revokedAt: null,
            userAgent: null,
            refreshHashes: "",
            retiredRefreshHashes: "",
            refreshRotatedAt: null,
            refreshExpiresAt: null,
          })
          .execute();
      }),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await userIds(t.db.kysely, "commit-")).toEqual([]);
    // And the database takes the next turn's writes.
    await t.db.groupCommit((trx) => addUser(trx, "commit-after"));
    expect(await userIds(t.db.kysely, "commit-")).toEqual(["commit-after"]);
  });

  onPostgres("runs each write at once on PostgreSQL, which commits in parallel", async () => {
    const seen: Kysely<Database>[] = [];
    await Promise.all(
      ["pg-1", "pg-2"].map((id) =>
        t.db.groupCommit(async (db) => {
          seen.push(db);
          await addUser(db, id);
        }),
      ),
    );
    expect(seen).toEqual([t.db.kysely, t.db.kysely]);
    expect(await userIds(t.db.kysely, "pg-")).toEqual(["pg-1", "pg-2"]);
  });
});
