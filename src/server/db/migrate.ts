import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as initial from "./migrations/0001-initial.ts";

// Listed in code rather than read from a folder, so the same list runs under tsx, Vitest and the build.
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
