import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../test/test-app.ts";
import { compiledQuery } from "./compiled-query.ts";

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
  afterAll(() => t.db.close());

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
