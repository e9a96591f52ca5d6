import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { foreignTableAllowances, tableEntries, tableOwners, type TableName } from "./table-owners.ts";

const serverDir = join(import.meta.dirname, "..");
const modulesDir = join(serverDir, "modules");
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const bySnakeName = new Map(tableEntries.map(([table]) => [snake(table), table]));

const builderCall =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|from)\(\s*["'`]([A-Za-z_]+)/g;
const dynamicCall = /\b(?:selectFrom|insertInto|updateTable|deleteFrom)\(\s*[A-Za-z_$][\w$]*\s*\)/g;
const sqlTemplate = /\bsql(?:<[^>]*>)?`([^`]*)`/g;
const sqlTableWord = /\b(?:from|into|update|join)\s+"?([a-z_]+)/gi;

/** The tables a source text names through Kysely's builders or in raw SQL, and whether it names one through a variable. */
export function tablesNamedIn(source: string): { tables: Set<TableName>; dynamic: boolean } {
  const tables = new Set<TableName>();
  for (const [, name] of source.matchAll(builderCall)) if (name! in tableOwners) tables.add(name as TableName);
  for (const [, text] of source.matchAll(sqlTemplate)) {
    for (const [, name] of text!.matchAll(sqlTableWord)) {
      const table = bySnakeName.get(name!.toLowerCase());
      if (table) tables.add(table);
    }
  }
  return { tables, dynamic: dynamicCall.test(source.replace(/\/\/.*$/gm, "")) };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The account deletion walks every table by the list, so only it may name a table through a variable. */
const DELETION_WALK = join("user", "user.repository.ts");

describe("tables and their owners (src/server/db/table-owners.ts)", () => {
  it("names an existing module or cross-cutting file as each table's owner", () => {
    const missing = tableEntries.filter(([, { owner }]) => !existsSync(join(owner.includes("/") ? serverDir : modulesDir, owner)));
    expect(missing.map(([table, { owner }]) => `${table}: ${owner}`)).toEqual([]);
  });

  it("no module's code names a table another module owns, beyond the listed allowances", () => {
    const allowed = new Set(foreignTableAllowances.map(({ module, table }) => `${module}:${table}`));
    const foreign: string[] = [];
    const used = new Set<string>();
    for (const module of readdirSync(modulesDir)) {
      for (const file of sourceFiles(join(modulesDir, module))) {
        const relative = file.slice(modulesDir.length + 1);
        const { tables, dynamic } = tablesNamedIn(readFileSync(file, "utf8"));
        if (dynamic && relative !== DELETION_WALK) foreign.push(`${relative}: a table named through a variable`);
        for (const table of tables) {
          if (tableOwners[table].owner === module) continue;
          if (allowed.has(`${module}:${table}`)) used.add(`${module}:${table}`);
          else foreign.push(`${relative}: ${table} (owned by ${tableOwners[table].owner})`);
        }
      }
    }
    expect(foreign, "ask the owner's service, or (a hot path's one query) add a reasoned allowance").toEqual([]);
    expect(
      [...allowed].filter((entry) => !used.has(entry)),
      "allowances no longer needed",
    ).toEqual([]);
  });

  it("sees builder calls, aliases, joins and raw SQL, and a table named through a variable", () => {
    const source = `db.selectFrom("tasks as t").innerJoin("goals", "goals.id", "t.goalId");
      db.updateTable('users'); sql\`select 1 from task_series where x\`; db.deleteFrom(table);`;
    expect(tablesNamedIn(source)).toEqual({ tables: new Set(["tasks", "goals", "users", "taskSeries"]), dynamic: true });
    expect(tablesNamedIn(`db.selectFrom(first.as("found")); // deleteFrom(table)`)).toEqual({ tables: new Set(), dynamic: false });
  });
});
