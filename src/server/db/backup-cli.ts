// For the embedded SQLite database only: PostgreSQL has its own tools (pg_dump).
import { ConfigError, loadConfig } from "../config.ts";
import { backupSqlite, restoreSqlite } from "./sqlite-backup.ts";

const [command, file] = process.argv.slice(2);

try {
  if ((command !== "backup" && command !== "restore") || !file) {
    throw new ConfigError(`Usage: npm run db:${command === "restore" ? "restore" : "backup"} -- FILE`);
  }
  const config = loadConfig();
  if (config.database.kind !== "sqlite") {
    throw new ConfigError("DATABASE_URL points at PostgreSQL: back it up with pg_dump and restore with pg_restore (README, Backups).");
  }
  if (command === "backup") {
    const { pages } = await backupSqlite(config.database.file, file);
    console.log(`Backed up ${config.database.file} to ${file} (${pages} pages).`);
  } else {
    restoreSqlite(file, config.database.file);
    console.log(`Restored ${file} to ${config.database.file}; the previous database is kept as ${config.database.file}.before-restore.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
