import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { AiProviderName } from "../shared/api/ai.ts";

/** Generous: one browser signs in with a handful of requests and refreshes every 45 minutes. */
const DEFAULT_AUTH_RATE_LIMIT = 300;
const DEFAULT_MCP_RATE_LIMIT_PER_MINUTE = 120;
const DEFAULT_ROLLOVER_SCHEDULER_INTERVAL_MS = 60_000;
const ROLLOVER_INTERVAL_MESSAGE = "must be a whole number of milliseconds from 1000 to 3600000";

const DEFAULT_SHUTDOWN_DRAIN_MS = 500;
const DEFAULT_AI_TIMEOUT_MS = 60_000;
const DEFAULT_AI_RATE_LIMIT_PER_MINUTE = 10;
const DEFAULT_AI_RATE_LIMIT_PER_DAY = 200;
const DEFAULT_AI_MODELS: Record<AiProviderName, string> = {
  openai: "gpt-4o-mini",
  gemini: "gemini-2.0-flash",
  claude: "claude-3-5-haiku-latest",
  openrouter: "openai/gpt-4o-mini",
};
const AI_ENV_PREFIX: Record<AiProviderName, string> = {
  openai: "OPENAI",
  gemini: "GEMINI",
  claude: "ANTHROPIC",
  openrouter: "OPENROUTER",
};

export class ConfigError extends Error {}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

const flag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return optionalText.pipe(
    z.string().regex(/^\d+$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message)).optional(),
  );
}

const httpUrl = optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional());
const requestLimit = optionalText.pipe(
  z.string().regex(/^\d+$/, "must be a whole number of requests (0 turns the limit off)").transform(Number).optional(),
);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .default("http://localhost:3000")
    .transform((value) => value.replace(/\/+$/, "")),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
  ),
  DATABASE_POOL_SIZE: wholeNumber(1, 1000),
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(100, 600_000),
  DATABASE_QUERY_TIMEOUT_MS: wholeNumber(100, 3_600_000),
  SHUTDOWN_DRAIN_MS: wholeNumber(0, 60_000),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  OIDC_ISSUER: optionalText.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_DISPLAY_NAME: optionalText,
  LOCAL_SIGNIN: flag,
  ROLLOVER_SCHEDULER: optionalText.pipe(z.enum(["on", "off"], { error: 'must be "on" or "off"' }).optional()),
  ROLLOVER_SCHEDULER_INTERVAL_MS: optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, ROLLOVER_INTERVAL_MESSAGE)
      .transform(Number)
      .pipe(z.number().min(1000, ROLLOVER_INTERVAL_MESSAGE).max(3_600_000, ROLLOVER_INTERVAL_MESSAGE))
      .optional(),
  ),
  AUTH_RATE_LIMIT: optionalText.pipe(
    z.string().regex(/^\d+$/, "must be a whole number of requests per minute (0 turns the limit off)").transform(Number).optional(),
  ),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: httpUrl,
  OPENAI_MODEL: optionalText,
  OPENAI_TOOLS: optionalText.pipe(z.enum(["on", "off"], { error: 'must be "on" or "off"' }).optional()),
  GEMINI_API_KEY: optionalText,
  GEMINI_BASE_URL: httpUrl,
  GEMINI_MODEL: optionalText,
  GEMINI_TOOLS: optionalText.pipe(z.enum(["on", "off"], { error: 'must be "on" or "off"' }).optional()),
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: httpUrl,
  ANTHROPIC_MODEL: optionalText,
  ANTHROPIC_TOOLS: optionalText.pipe(z.enum(["on", "off"], { error: 'must be "on" or "off"' }).optional()),
  OPENROUTER_API_KEY: optionalText,
  OPENROUTER_BASE_URL: httpUrl,
  OPENROUTER_MODEL: optionalText,
  OPENROUTER_TOOLS: optionalText.pipe(z.enum(["on", "off"], { error: 'must be "on" or "off"' }).optional()),
  AI_TIMEOUT_MS: wholeNumber(100, 600_000),
  AI_RATE_LIMIT_PER_MINUTE: requestLimit,
  AI_RATE_LIMIT_PER_DAY: requestLimit,
  MCP_RATE_LIMIT_PER_MINUTE: requestLimit,
  CALENDAR_ALLOW_PRIVATE_URLS: flag,
  WEBHOOK_ALLOW_PRIVATE_URLS: flag,
  OAUTH_ALLOW_PRIVATE_CLIENT_URLS: flag,
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https:// address")
      .optional(),
  ),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: flag,
});

export interface AiProviderConfig {
  /** Never sent to the browser or logged. */
  apiKey?: string;
  baseUrl?: string;
  model: string;
  /** false (`<P>_TOOLS=off`): the model is never given the assistant's tools (a local model without tool calling). */
  tools?: boolean;
}

export interface AiConfig {
  providers: Record<AiProviderName, AiProviderConfig>;
  timeoutMs: number;
  rateLimitPerMinute: number;
  rateLimitPerDay: number;
}

export interface PostgresPoolConfig {
  poolSize?: number;
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
}

export type DatabaseConfig =
  { kind: "sqlite"; file: string } | { kind: "postgres"; url: string; schema?: string; pool?: PostgresPoolConfig };

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  sessionSecret: string;
  logLevel: string;
  /** Connections are still accepted (answered 503) this long after shutdown begins, so requests on their way are answered, not reset. */
  shutdownDrainMs: number;
  trustProxy: boolean | number | string;
  auth: {
    google?: { clientId: string; clientSecret: string };
    oidc?: { issuer: string; clientId: string; clientSecret: string; displayName: string };
    localSignIn: boolean;
    rateLimitPerMinute: number;
  };
  ai: AiConfig;
  rolloverScheduler: { enabled: boolean; intervalMs: number };
  /** MCP calls per personal access token per minute; 0: no limit. */
  mcpRateLimitPerMinute: number;
  /** allowPrivateUrls: calendar subscriptions may point at loopback and private networks (a self-hoster's own server). */
  calendar: { allowPrivateUrls: boolean; fetchTimeoutMs?: number };
  webhooks: { allowPrivateUrls: boolean };
  /** allowPrivateClientUrls: OAuth clients' metadata documents may be read over http and from private networks (tests). */
  oauth: { allowPrivateClientUrls: boolean };
  /** vapid: keys from the environment; without them the keys made at first start are read from the database. */
  push: { allowPrivateEndpoints: boolean; vapid?: { publicKey: string; privateKey: string }; subject: string };
}

function requireVapidPair(publicKey: string | undefined, privateKey: string | undefined) {
  if (!publicKey || !privateKey)
    throw new ConfigError(
      "Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither (keys are then made at first start)",
    );
  return { publicKey, privateKey };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const name = issue.path.join(".") || "environment";
  return `${name}: ${issue.message}`;
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString("base64url");
    writeFileSync(file, secret + "\n", { mode: 0o600 });
    return secret;
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "false" || value === "0") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function isLocalhostUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/** Reads the environment once. Nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${parsed.error.issues.map((issue) => `  ${describeIssue(issue)}`).join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);

  let sessionSecret = e.SESSION_SECRET;
  if (!sessionSecret) {
    if (e.NODE_ENV === "production") {
      throw new ConfigError("Invalid configuration:\n  SESSION_SECRET: required when NODE_ENV=production");
    }
    sessionSecret = loadOrCreateSecret(dataDir);
  }

  const google =
    e.GOOGLE_CLIENT_ID || e.GOOGLE_CLIENT_SECRET
      ? requirePair("GOOGLE_CLIENT_ID", e.GOOGLE_CLIENT_ID, "GOOGLE_CLIENT_SECRET", e.GOOGLE_CLIENT_SECRET)
      : undefined;
  let oidc: Config["auth"]["oidc"];
  if (e.OIDC_ISSUER || e.OIDC_CLIENT_ID || e.OIDC_CLIENT_SECRET) {
    if (!e.OIDC_ISSUER) throw new ConfigError("Invalid configuration:\n  OIDC_ISSUER: required when OIDC_CLIENT_ID is set");
    const pair = requirePair("OIDC_CLIENT_ID", e.OIDC_CLIENT_ID, "OIDC_CLIENT_SECRET", e.OIDC_CLIENT_SECRET);
    oidc = { issuer: e.OIDC_ISSUER, ...pair, displayName: e.OIDC_DISPLAY_NAME ?? "Single sign-on" };
  }

  const hasExternalProvider = Boolean(google || oidc);
  const isLocalhost = isLocalhostUrl(e.PUBLIC_URL);
  let localSignIn = e.LOCAL_SIGNIN || (!hasExternalProvider && isLocalhost);
  if (!localSignIn && !hasExternalProvider) {
    throw new ConfigError(
      "Invalid configuration:\n  LOCAL_SIGNIN: no identity provider is configured. The built-in local sign-in is only on by itself when PUBLIC_URL is localhost; " +
        "configure GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET or OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET, or set LOCAL_SIGNIN=1 to allow anyone who can reach the server to sign in with any name.",
    );
  }
  localSignIn = Boolean(localSignIn);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: "postgres",
          url: e.DATABASE_URL,
          pool: {
            poolSize: e.DATABASE_POOL_SIZE,
            connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
            queryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
          },
        }
      : { kind: "sqlite", file: path.join(dataDir, "daywise.sqlite") },
    sessionSecret,
    logLevel: e.LOG_LEVEL,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? DEFAULT_SHUTDOWN_DRAIN_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    auth: { google, oidc, localSignIn, rateLimitPerMinute: e.AUTH_RATE_LIMIT ?? DEFAULT_AUTH_RATE_LIMIT },
    mcpRateLimitPerMinute: e.MCP_RATE_LIMIT_PER_MINUTE ?? DEFAULT_MCP_RATE_LIMIT_PER_MINUTE,
    rolloverScheduler: {
      enabled: e.ROLLOVER_SCHEDULER !== "off",
      intervalMs: e.ROLLOVER_SCHEDULER_INTERVAL_MS ?? DEFAULT_ROLLOVER_SCHEDULER_INTERVAL_MS,
    },
    ai: readAiConfig(e),
    calendar: { allowPrivateUrls: e.CALENDAR_ALLOW_PRIVATE_URLS },
    webhooks: { allowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS },
    oauth: { allowPrivateClientUrls: e.OAUTH_ALLOW_PRIVATE_CLIENT_URLS },
    push: {
      allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
      ...(e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY ? { vapid: requireVapidPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY) } : {}),
      subject: e.VAPID_SUBJECT ?? (e.PUBLIC_URL.startsWith("https://") ? e.PUBLIC_URL : "mailto:daywise@localhost"),
    },
  };
}

function readAiConfig(e: z.infer<typeof envSchema>): AiConfig {
  const provider = (name: AiProviderName): AiProviderConfig => {
    const prefix = AI_ENV_PREFIX[name];
    const value = (suffix: "API_KEY" | "BASE_URL" | "MODEL" | "TOOLS") => e[`${prefix}_${suffix}` as keyof typeof e] as string | undefined;
    return {
      apiKey: value("API_KEY"),
      baseUrl: value("BASE_URL")?.replace(/\/+$/, ""),
      model: value("MODEL") ?? DEFAULT_AI_MODELS[name],
      tools: value("TOOLS") !== "off",
    };
  };
  return {
    providers: {
      openai: provider("openai"),
      gemini: provider("gemini"),
      claude: provider("claude"),
      openrouter: provider("openrouter"),
    },
    timeoutMs: e.AI_TIMEOUT_MS ?? DEFAULT_AI_TIMEOUT_MS,
    rateLimitPerMinute: e.AI_RATE_LIMIT_PER_MINUTE ?? DEFAULT_AI_RATE_LIMIT_PER_MINUTE,
    rateLimitPerDay: e.AI_RATE_LIMIT_PER_DAY ?? DEFAULT_AI_RATE_LIMIT_PER_DAY,
  };
}

function requirePair(idName: string, id: string | undefined, secretName: string, secret: string | undefined) {
  if (!id) throw new ConfigError(`Invalid configuration:\n  ${idName}: required when ${secretName} is set`);
  if (!secret) throw new ConfigError(`Invalid configuration:\n  ${secretName}: required when ${idName} is set`);
  return { clientId: id, clientSecret: secret };
}
