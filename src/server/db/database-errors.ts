// Which driver errors mean "the database cannot be reached right now" (answered 503 with
// Retry-After) rather than a defect in a query (answered 500 and logged as one).

/** Network failures of the socket to PostgreSQL. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs of an unreachable or overloaded server: class 08 (connection exception),
 * 57P01..57P03 (admin or crash shutdown, cannot connect now), 53300 (too many connections),
 * 57014 (statement cancelled by statement_timeout: the server is too busy to answer in time).
 */
const POSTGRES_CODES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);

/** SQLite: the file is locked by another writer for longer than busy_timeout. */
const SQLITE_CODES = new Set(["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_BUSY_TIMEOUT", "SQLITE_LOCKED"]);

/** pg's own errors carry no code; these are its messages for a lost or unobtainable connection. */
const PG_CLIENT_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "is not queryable",
  "Client was closed and is not queryable",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || SQLITE_CODES.has(code) || POSTGRES_CODES.has(code) || code.startsWith("08")) return true;
  }
  if (PG_CLIENT_MESSAGES.some((text) => error.message.includes(text))) return true;
  // AggregateError (several addresses refused) and errors wrapped with a cause.
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}
