// "Cannot be reached right now" is answered 503 with Retry-After; a defect in a query 500, and logged.

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

// 57014: cancelled by statement_timeout, as the server is too busy to answer in time.
const POSTGRES_CODES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);

const SQLITE_CODES = new Set(["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_BUSY_TIMEOUT", "SQLITE_LOCKED"]);

// pg's own errors carry no code, only these messages.
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
    // 08P01 (protocol violation) is answered on a live connection, e.g. a statement over 65,535 parameters: a defect.
    if (NETWORK_CODES.has(code) || SQLITE_CODES.has(code) || POSTGRES_CODES.has(code) || (code.startsWith("08") && code !== "08P01"))
      return true;
  }
  if (PG_CLIENT_MESSAGES.some((text) => error.message.includes(text))) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}

/** A row named a parent that is not there (or no longer: a write racing its user's deletion). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}
