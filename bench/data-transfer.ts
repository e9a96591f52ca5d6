// Export and import budgets (decision 037), for a user with 10,000 tasks: the JSON export streamed to
// its end under 1 s with under 50 MB of extra memory (the peak of heap and buffers over before), and
// an import of a 10,000-row CSV under 5 s, through the services the routes call, on each database.
//
//   node --import tsx bench/data-transfer.ts        (BENCH_DATABASES=sqlite to leave PostgreSQL out)
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import type { Dialect } from "../src/server/db/database.ts";
import { calendarService } from "../src/server/modules/calendar/calendar.service.ts";
import { dataExportService } from "../src/server/modules/data-transfer/data-export.service.ts";
import { dataImportService } from "../src/server/modules/data-transfer/data-import.service.ts";
import { usersService } from "../src/server/modules/user/user.service.ts";
import { onEachDatabase } from "./lib/each-database.ts";
import { addDays, formatDay, openBenchDb, seedGoals, seedTasks, seedUser } from "./seed.ts";

const BUDGETS = { exportMs: 1_000, exportExtraMb: 50, importMs: 5_000 } as const;

export interface DataTransferCheck {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

async function measureOn(dialect: Dialect, config: Parameters<typeof openBenchDb>[0]): Promise<DataTransferCheck[]> {
  const db = await openBenchDb(config);
  try {
    const now = new Date();
    const today = formatDay(now);
    const userId = await seedUser(db, now, { name: "Exporter" });
    await seedTasks(db, userId, now, {
      count: 10_000,
      firstDay: addDays(today, -364),
      days: 365,
      goalIds: await seedGoals(db, userId, 50, now),
      today,
    });
    // As autovacuum would have: without statistics PostgreSQL sorts every page instead of walking the index.
    if (dialect === "postgres") await sql`analyze`.execute(db.kysely);
    const users = usersService({ kysely: db.kysely, now: () => now });
    const calendars = calendarService({
      kysely: db.kysely,
      now: () => now,
      allowPrivateUrls: false,
      publicUrl: "http://localhost",
      feedKey: "bench",
    });
    const exports = dataExportService({ kysely: db.kysely, dialect: db.dialect, now: () => now, users, calendars });

    global.gc?.();
    const used = () => process.memoryUsage().heapUsed + process.memoryUsage().external;
    const before = used();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, used())), 5);
    const started = performance.now();
    let bytes = 0;
    for await (const chunk of (await exports.exportJson(userId)).stream) bytes += Buffer.byteLength(chunk as string);
    const exportMs = performance.now() - started;
    clearInterval(sampler);
    const extraMb = (Math.max(peak, used()) - before) / 1024 / 1024;

    const importer = await seedUser(db, now, { name: "Importer" });
    const csv = ["title,description,date,start time,estimate,status,goal"];
    for (let i = 0; i < 10_000; i++) csv.push(`Imported task ${i},Row ${i},${addDays(today, i % 30)},09:00,30,todo,Goal ${i % 20}`);
    const imports = dataImportService({ kysely: db.kysely, dialect, now: () => now, users });
    const importStarted = performance.now();
    const result = await imports.importFile(importer, {
      format: "csv",
      content: csv.join("\n"),
      dryRun: false,
      skipDuplicates: false,
      sectionsAsGoals: true,
    });
    const importMs = performance.now() - importStarted;
    if (result.counts.tasks !== 10_000) throw new Error(`imported ${result.counts.tasks} tasks, expected 10,000`);

    return [
      {
        name: `export: 10k tasks as JSON on ${dialect}`,
        value: `${exportMs.toFixed(0)} ms, ${(bytes / 1024 / 1024).toFixed(1)} MB, +${extraMb.toFixed(1)} MB heap`,
        budget: `< ${BUDGETS.exportMs} ms, < ${BUDGETS.exportExtraMb} MB extra`,
        pass: exportMs < BUDGETS.exportMs && extraMb < BUDGETS.exportExtraMb,
      },
      {
        name: `import: 10k CSV rows on ${dialect}`,
        value: `${importMs.toFixed(0)} ms`,
        budget: `< ${BUDGETS.importMs} ms`,
        pass: importMs < BUDGETS.importMs,
      },
    ];
  } finally {
    await db.close();
  }
}

export async function measureDataTransfer(options: { databases: Set<string>; postgresAdminUrl: string }): Promise<DataTransferCheck[]> {
  return onEachDatabase(options, "transfer", measureOn);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const databases = new Set((process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",").map((name) => name.trim()));
  const checks = await measureDataTransfer({
    databases,
    postgresAdminUrl: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  });
  for (const check of checks) console.log(`${check.pass ? "PASS" : "FAIL"}  ${check.name}: ${check.value} (${check.budget})`);
  if (checks.some((check) => !check.pass)) process.exitCode = 1;
}
