// The export pages through a user's tasks in id order (keyset, decision 037): without this index each
// page sorts all of the user's tasks, which grows with the square of their count.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("tasks_user_id_idx").on("tasks").columns(["user_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_user_id_idx").execute();
}
