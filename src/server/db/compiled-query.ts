// Hot queries built and compiled once, then run with new values: building a Kysely query and compiling
// it costs more per request than SQLite's hot indexed read. In `build`, each `p.name` is a bound
// parameter, usable wherever a value goes (`where`, `set`, `values`, `limit`) but not where Kysely needs
// the value itself (`in` lists, `is null`); results pass through the given instance's plugins as usual.
import { type Compilable, type CompiledQuery, type Kysely, type QueryResult, type RawBuilder, createQueryId } from "kysely";
import type { Database } from "./schema.ts";

/** On PostgreSQL these run as named prepared statements (database.ts): parsed and planned once per connection. */
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
  execute(db: Kysely<Database>, params: P): Promise<QueryResult<R>>;
  rows(db: Kysely<Database>, params: P): Promise<R[]>;
  takeFirst(db: Kysely<Database>, params: P): Promise<R | undefined>;
  /** Rows in snake_case, unmapped: on a wide read the CamelCasePlugin's mapping costs more than the query. */
  unmappedRows(db: Kysely<Database>, params: P): Promise<Record<string, unknown>[]>;
}

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
  // Every Kysely of the app has the same plugins: the SQL depends on the dialect only.
  const byAdapter = new Map<unknown, Compiled>();

  function compile(db: Kysely<Database>): Compiled {
    const adapter = db.getExecutor().adapter.constructor;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      const placeholders = new Proxy({} as P, {
        get: (_target, name) => (typeof name === "string" ? new Parameter(name) : undefined),
      });
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
