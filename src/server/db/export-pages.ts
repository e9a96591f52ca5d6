// The account export's keyset pages of a user's rows (decision 037). The owner's repository starts the
// query from its own table and picks the columns, so table-owners.test.ts still sees who names the table.
import type { SelectQueryBuilder } from "kysely";
import type { Database } from "./schema.ts";

type UserRowsTable = { [T in keyof Database]: Database[T] extends { id: unknown; userId: unknown } ? T : never }[keyof Database];

export function exportPages<T extends UserRowsTable, O>(rows: SelectQueryBuilder<Database, T, O>) {
  const owned = rows as unknown as SelectQueryBuilder<{ rows: { id: string; userId: string } }, "rows", O>;
  return (userId: string, after: string, limit: number): Promise<O[]> =>
    owned.where("userId", "=", userId).where("id", ">", after).orderBy("id").limit(limit).execute();
}
