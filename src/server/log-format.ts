// No formatting dependency: pino writes JSON to the stream given here, which re-formats it.
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import type { DatabaseConfig } from "./config.ts";
import { decodedPath } from "./plugins/routed-path.ts";

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: "TRACE", colour: "\x1b[90m" },
  20: { name: "DEBUG", colour: "\x1b[36m" },
  30: { name: "INFO ", colour: "\x1b[32m" },
  40: { name: "WARN ", colour: "\x1b[33m" },
  50: { name: "ERROR", colour: "\x1b[31m" },
  60: { name: "FATAL", colour: "\x1b[41m" },
};
const RESET = "\x1b[0m";
const DIM = "\x1b[2m";
const HIDDEN = new Set(["level", "time", "pid", "hostname", "msg", "v"]);

export function shouldPrettyPrint(isTTY: boolean | undefined, env: string): boolean {
  return isTTY === true && env !== "production";
}

function describe(value: unknown): string {
  if (typeof value === "string") return /\s/.test(value) || value === "" ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

export function formatLogLine(line: string, colours = true): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`;
  }
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level), colour: "" };
  const time = new Date(typeof entry.time === "number" ? entry.time : Date.now()).toTimeString().slice(0, 8);
  const rest = Object.entries(entry)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => {
      if (key === "err" && value && typeof value === "object" && "stack" in value)
        return `\n${String((value as { stack: unknown }).stack)}`;
      return `${key}=${describe(value)}`;
    })
    .join(" ");
  const message = typeof entry.msg === "string" ? entry.msg : "";
  const paint = (code: string, text: string) => (colours ? `${code}${text}${RESET}` : text);
  return `${paint(DIM, time)} ${paint(level.colour, level.name)} ${message}${rest ? ` ${paint(DIM, rest)}` : ""}\n`;
}

export function prettyLogStream(out: NodeJS.WritableStream, colours = true): { write: (chunk: string) => void } {
  return {
    write(chunk: string) {
      for (const line of chunk.split("\n")) {
        if (line.trim() !== "") out.write(formatLogLine(line, colours));
      }
    },
  };
}

export function describeDataLocation(database: DatabaseConfig): string {
  if (database.kind === "sqlite") return `SQLite file ${database.file}`;
  try {
    const url = new URL(database.url);
    return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
  } catch {
    return "PostgreSQL";
  }
}

export function startLine(publicUrl: string, database: DatabaseConfig): string {
  return `Daywise is ready: open ${publicUrl} (data: ${describeDataLocation(database)})`;
}

/** The path as a lenient router could read it: decoded, dot segments resolved, one slash, any case. */
function normalisedPath(url: string): string {
  try {
    return new URL(decodedPath(url).replace(/[\\/]+/g, "/"), "http://localhost").pathname.toLowerCase();
  } catch {
    return decodedPath(url).toLowerCase();
  }
}

// Sign-in URLs carry one-time codes and state in their query, so only their path is logged.
export function loggedUrl(url: string): string {
  const path = normalisedPath(url);
  // A calendar feed's path is its secret.
  if (path.startsWith("/calendar/")) return "/calendar/[redacted]";
  return /^\/(auth|oidc)\//.test(path) ? url.split("?")[0]! : url;
}

export function conciseRequestLine(method: string, url: string, statusCode: number, elapsedMs: number): string | null {
  if (!/^\/(api|auth)\//.test(url)) return null;
  return `${method} ${loggedUrl(url)} ${statusCode} ${Math.round(elapsedMs)} ms`;
}

// One debug line per API call instead of Fastify's two info lines per request, which bury the start line.
export class TerminalRequestLogs extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const line = conciseRequestLine(request.method, request.url, reply.statusCode, reply.elapsedTime);
    if (line) request.server.log.debug(line);
  }
}
