import { ConfigError, loadConfig } from "../config.ts";
import { createDb } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

try {
  const config = loadConfig();
  const db = createDb(config.database);
  const applied = await migrateToLatest(db.kysely, db.schema);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
  await db.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
