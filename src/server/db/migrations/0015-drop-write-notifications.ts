// Every request reads its session and its user's data version (docs/decisions/028-one-invalidation-signal.md),
// so no instance listens for other instances' writes: 0012's triggers and their function go.
import type { Kysely } from "kysely";
import * as writeNotifications from "./0012-write-notifications.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await writeNotifications.down(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await writeNotifications.up(db);
}
