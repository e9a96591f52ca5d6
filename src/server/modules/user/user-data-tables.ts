// Every table holding a user's rows, children first, read from the one list of tables and owners:
// deleting an account walks it in one transaction, and delete-account.test.ts fails until a new table is listed.
import { tableEntries } from "../../db/table-owners.ts";
import type { Database } from "../../db/schema.ts";

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export const userDataTables: ReadonlyArray<{ table: keyof Database; userColumn: string }> = tableEntries.flatMap(([table, { user }]) =>
  user && "column" in user ? [{ table, userColumn: user.column }] : [],
);

/** Rows keyed by a string that ends with the user's id (the assistant's per-user limits: `ai-minute:<id>`). */
export const userKeyedTables: ReadonlyArray<{ table: keyof Database; keyColumn: string }> = tableEntries.flatMap(([table, { user }]) =>
  user && "key" in user ? [{ table, keyColumn: user.key }] : [],
);

/** Tables with no user's data: migrations' bookkeeping and the scheduler's leases (keyed by job and day). */
export const tablesWithoutUserData: readonly string[] = [
  "kysely_migration",
  "kysely_migration_lock",
  ...tableEntries.flatMap(([table, { user }]) => (user ? [] : [snake(table)])),
];
