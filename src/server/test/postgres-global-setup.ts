// Decides once per run whether the PostgreSQL half of the integration tests can run, and migrates
// once into a template database that each test database copies (test-app.ts).
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string | null;
    /** The migrated template database; the run's test databases are named after it. */
    postgresTemplate: string | null;
  }
}

/** The schema the template is migrated in; each copy renames it, so that copies stay told apart. */
export const TEMPLATE_SCHEMA = "daywise_template";

export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    await client.end().catch(() => {});
    const banner = [
      "",
      "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!",
      `!!  PostgreSQL is NOT reachable at ${url}`,
      `!!  (${error instanceof Error ? error.message : String(error)})`,
      "!!  The PostgreSQL half of the integration tests is SKIPPED in this run.",
      "!!  Set TEST_DATABASE_URL, or REQUIRE_POSTGRES=1 to make this an error.",
      "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!",
      "",
    ].join("\n");
    if (process.env.REQUIRE_POSTGRES === "1") {
      throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL is not reachable at ${url}`, { cause: error });
    }
    console.warn(banner);
    project.provide("postgresUrl", null);
    project.provide("postgresTemplate", null);
    return;
  }

  const template = `daywise_run_${randomBytes(5).toString("hex")}`;
  const dropRunDatabases = async () => {
    const { rows } = await client.query<{ name: string }>("select datname as name from pg_database where datname like $1", [
      `${template}%`,
    ]);
    // Each drop waits for a checkpoint; drops side by side share one.
    const names = rows.map((row) => row.name);
    const dropper = async () => {
      const own = new pg.Client({ connectionString: url });
      await own.connect();
      try {
        for (let name = names.pop(); name; name = names.pop()) await own.query(`drop database if exists ${name} with (force)`);
      } finally {
        await own.end();
      }
    };
    await Promise.all(Array.from({ length: Math.min(8, names.length) }, dropper));
  };
  try {
    await client.query(`create database ${template}`);
    const db = createDb({ kind: "postgres", url: databaseUrl(url, template), schema: TEMPLATE_SCHEMA });
    try {
      await db.kysely.schema.createSchema(TEMPLATE_SCHEMA).execute();
      await migrateToLatest(db.kysely, TEMPLATE_SCHEMA);
    } finally {
      await db.close();
    }
  } catch (error) {
    await dropRunDatabases().catch(() => {});
    await client.end();
    throw error;
  }
  project.provide("postgresUrl", url);
  project.provide("postgresTemplate", template);
  return async () => {
    try {
      await dropRunDatabases();
    } finally {
      await client.end();
    }
  };
}
