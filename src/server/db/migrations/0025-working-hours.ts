// The user's working hours (issue 52): the Timeline's day, 'Plan my day' and the capacity read them.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("workday_start", "text", (c) => c.notNull().defaultTo("09:00"))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("workday_end", "text", (c) => c.notNull().defaultTo("17:00"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("workday_end").execute();
  await db.schema.alterTable("users").dropColumn("workday_start").execute();
}
