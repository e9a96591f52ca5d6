// Each user has a data version that every write of their planner data (tasks, goals) raises, in the
// same transaction, before anything else (db/user-data.ts). Hot reads whose answer depends only on
// that data are kept serialized in memory under the version they were read at, and the version is
// read with the session on every request: a changed version is a miss, on every server instance.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("data_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("data_version").execute();
}
