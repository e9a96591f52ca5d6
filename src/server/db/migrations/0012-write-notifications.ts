// PostgreSQL only: a write that can change what an access cookie's session check read (a session
// revoked, shortened or deleted; a user's data version raised, or the user deleted) notifies the
// channel `daywise_writes` with the schema's name, at its commit. Every instance listens
// (db/database.ts), so each can keep the sessions it checked, as SQLite's one instance does
// (docs/decisions/005-hot-reads.md), and drop them when any instance writes. Triggers, not the
// app, send the notice, so that no writer can forget to: a migration, a script, an older instance.
// SQLite has one writer, which counts its own writes: nothing to do there.
import { type Kysely, PostgresAdapter, sql } from "kysely";

export const WRITES_CHANNEL = "daywise_writes";

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function daywise_notify_write() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(WRITES_CHANNEL)}, current_schema());
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger sessions_notify_update after update on sessions for each row
    when (old.revoked_at is distinct from new.revoked_at or new.expires_at < old.expires_at)
    execute function daywise_notify_write()`.execute(db);
  await sql`create trigger sessions_notify_delete after delete on sessions for each statement execute function daywise_notify_write()`.execute(
    db,
  );
  await sql`
    create trigger users_notify_update after update on users for each row
    when (old.data_version is distinct from new.data_version)
    execute function daywise_notify_write()`.execute(db);
  await sql`create trigger users_notify_delete after delete on users for each statement execute function daywise_notify_write()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [trigger, table] of [
    ["sessions_notify_update", "sessions"],
    ["sessions_notify_delete", "sessions"],
    ["users_notify_update", "users"],
    ["users_notify_delete", "users"],
  ] as const) {
    await sql`drop trigger ${sql.id(trigger)} on ${sql.id(table)}`.execute(db);
  }
  await sql`drop function daywise_notify_write()`.execute(db);
}
