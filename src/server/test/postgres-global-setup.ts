// Decides once per run whether the PostgreSQL half of the integration tests can run.
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    project.provide("postgresUrl", url);
  } catch (error) {
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
  } finally {
    await client.end().catch(() => {});
  }
}
