// PostgreSQL: Idempotency-Key rows skip the WAL (decision 048), so a keyed write flushes no more than a plain one.
import { type Kysely, PostgresAdapter, sql } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`alter table idempotency_keys set unlogged`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`alter table idempotency_keys set logged`.execute(db);
}
