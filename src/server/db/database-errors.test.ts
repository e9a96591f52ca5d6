import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../test/test-app.ts";
import { isDatabaseUnavailable } from "./database-errors.ts";

describeEachDatabase("database errors", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.db.close());

  it("a statement with more parameters than the protocol carries is a defect (500), not an outage (503)", async () => {
    const values = Array.from({ length: 70_000 }, (_, index) => sql`(${index})`);
    const error = await sql`select count(*) as n from (values ${sql.join(values)}) as v`.execute(database.db.kysely).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(false);
    // The connection still answers.
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db.kysely)).rows).toHaveLength(1);
  });
});
