// Queries built and compiled once, then run with new parameter values. Building a Kysely query,
// running the CamelCasePlugin over its tree and compiling it to SQL cost more, per request, than
// SQLite needs to answer a hot indexed read; a repository's hot queries are therefore declared once
// with named parameters:
//
//   const findUser = compiledQuery((db, p: { userId: string }) =>
//     db.selectFrom("users").select(["id", "name"]).where("id", "=", p.userId));
//   const user = await findUser.takeFirst(kysely, { userId });
//
// Inside `build`, each `p.name` stands for a bound parameter (never for a piece of SQL), so it may be
// used wherever a value goes (`where`, `set`, `values`, `limit`), not where Kysely needs the value
// itself (`in` lists, `is null`). A raw sql`` query works too (its `${p.name}` are parameters). The query runs through the given Kysely instance or transaction,
// with its plugins, so results look exactly as those of the query built anew.
import { type Compilable, type CompiledQuery, type Kysely, type QueryResult, type RawBuilder, createQueryId } from "kysely";
import type { Database } from "./schema.ts";

/**
 * The SQL texts of compiled queries. On PostgreSQL they run as named prepared statements
 * (database.ts), so the server parses and plans each once per connection instead of every time.
 */
export const compiledSqlTexts = new Set<string>();

class Parameter {
  constructor(readonly name: string) {}
}

/** Where each bound value of the compiled SQL comes from: a named parameter, or a constant of the query. */
type Slot = { parameter: string } | { constant: unknown };

interface Compiled {
  query: CompiledQuery;
  slots: Slot[];
}

export interface PreparedQuery<P, R> {
  /** Every row, and the affected-row counts of a write. */
  execute(db: Kysely<Database>, params: P): Promise<QueryResult<R>>;
  rows(db: Kysely<Database>, params: P): Promise<R[]>;
  takeFirst(db: Kysely<Database>, params: P): Promise<R | undefined>;
  /**
   * Every row as the database names its columns (snake_case), without the plugins' mapping of
   * results: for a wide read of many rows, whose caller knows the names, the CamelCasePlugin's
   * conversion of every key of every row costs more than the query (a close's read: 50 rows of
   * 34 columns).
   */
  unmappedRows(db: Kysely<Database>, params: P): Promise<Record<string, unknown>[]>;
}

/** Each Kysely instance or transaction without its plugins (Kysely#withoutPlugins makes a new one). */
const withoutPlugins = new WeakMap<Kysely<Database>, Kysely<Database>>();

function bareOf(db: Kysely<Database>): Kysely<Database> {
  let bare = withoutPlugins.get(db);
  if (!bare) {
    bare = db.withoutPlugins();
    withoutPlugins.set(db, bare);
  }
  return bare;
}

export async function unmappedRows(db: Kysely<Database>, query: Compilable): Promise<Record<string, unknown>[]> {
  return (await bareOf(db).executeQuery<Record<string, unknown>>(query.compile())).rows;
}

export function compiledQuery<P extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, params: P) => Compilable<R> | RawBuilder<R>,
): PreparedQuery<P, R> {
  // The SQL depends on the dialect only (every Kysely of the app has the same plugins), so it is
  // compiled once per dialect adapter.
  const byAdapter = new Map<unknown, Compiled>();

  function compile(db: Kysely<Database>): Compiled {
    const adapter = db.getExecutor().adapter.constructor;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      const placeholders = new Proxy({} as P, {
        get: (_target, name) => (typeof name === "string" ? new Parameter(name) : undefined),
      });
      // A query builder compiles alone; a raw sql`` query through `db` (its plugins apply to both).
      const query = build(db, placeholders).compile(db);
      const slots = query.parameters.map((value): Slot => (value instanceof Parameter ? { parameter: value.name } : { constant: value }));
      compiled = { query, slots };
      byAdapter.set(adapter, compiled);
      compiledSqlTexts.add(query.sql);
    }
    return compiled;
  }

  async function execute(db: Kysely<Database>, params: P, runOn: Kysely<Database> = db): Promise<QueryResult<R>> {
    const { query, slots } = compile(db);
    const parameters = slots.map((slot) => {
      if (!("parameter" in slot)) return slot.constant;
      const value = params[slot.parameter];
      if (value === undefined) throw new Error(`compiledQuery: no value for parameter "${slot.parameter}"`);
      return value;
    });
    return runOn.executeQuery<R>({ ...query, queryId: createQueryId(), parameters });
  }

  return {
    execute,
    rows: async (db, params) => (await execute(db, params)).rows,
    takeFirst: async (db, params) => (await execute(db, params)).rows[0],
    unmappedRows: async (db, params) => (await execute(db, params, bareOf(db))).rows as Record<string, unknown>[],
  };
}
