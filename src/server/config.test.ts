import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "daywise-config-"));

describe("loadConfig", () => {
  it("uses the embedded defaults: port 3000, SQLite in DATA_DIR, localhost URL, local sign-in", () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.database).toEqual({ kind: "sqlite", file: path.join(dir, "daywise.sqlite") });
    expect(config.auth.localSignIn).toBe(true);
  });

  it("generates a session secret once and keeps it in DATA_DIR", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it("reads the VAPID keys as a pair, with a subject from PUBLIC_URL unless VAPID_SUBJECT is given", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).push).toEqual({ allowPrivateEndpoints: false, subject: "mailto:daywise@localhost" });
    const keys = { VAPID_PUBLIC_KEY: "pub", VAPID_PRIVATE_KEY: "priv" };
    const https = { PUBLIC_URL: "https://plan.example.com", LOCAL_SIGNIN: "1" };
    expect(loadConfig({ DATA_DIR: tempDir(), ...keys, ...https, PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" }).push).toEqual({
      allowPrivateEndpoints: true,
      vapid: { publicKey: "pub", privateKey: "priv" },
      subject: "https://plan.example.com",
    });
    expect(loadConfig({ DATA_DIR: tempDir(), ...https, VAPID_SUBJECT: "mailto:me@example.com" }).push.subject).toBe(
      "mailto:me@example.com",
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: "pub" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), VAPID_SUBJECT: "me@example.com" })).toThrow(/VAPID_SUBJECT/);
  });

  it("selects PostgreSQL for a postgres:// DATABASE_URL", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "postgres://u@h:5432/d" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@h:5432/d", pool: {} });
  });

  it("reads the PostgreSQL pool's size and timeouts", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: "postgres://u@h:5432/d",
      DATABASE_POOL_SIZE: "20",
      DATABASE_CONNECT_TIMEOUT_MS: "1500",
      DATABASE_QUERY_TIMEOUT_MS: "2000",
    });
    expect(config.database).toEqual({
      kind: "postgres",
      url: "postgres://u@h:5432/d",
      pool: { poolSize: 20, connectTimeoutMs: 1500, queryTimeoutMs: 2000 },
    });
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ DATABASE_QUERY_TIMEOUT_MS: "10" }, "DATABASE_QUERY_TIMEOUT_MS"],
    [{ DATABASE_POOL_SIZE: "ten" }, "DATABASE_POOL_SIZE"],
    [{ PORT: "70000" }, "PORT"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ NODE_ENV: "production" }, "SESSION_SECRET"],
    [{ GOOGLE_CLIENT_ID: "id" }, "GOOGLE_CLIENT_SECRET"],
    [{ PUBLIC_URL: "https://daywise.example" }, "LOCAL_SIGNIN"],
    [{ OPENAI_BASE_URL: "not a url" }, "OPENAI_BASE_URL"],
    [{ ANTHROPIC_BASE_URL: "ftp://x.example" }, "ANTHROPIC_BASE_URL"],
    [{ AI_TIMEOUT_MS: "soon" }, "AI_TIMEOUT_MS"],
    [{ AI_TIMEOUT_MS: "10" }, "AI_TIMEOUT_MS"],
    [{ AI_RATE_LIMIT_PER_MINUTE: "-1" }, "AI_RATE_LIMIT_PER_MINUTE"],
    [{ AI_RATE_LIMIT_PER_DAY: "lots" }, "AI_RATE_LIMIT_PER_DAY"],
    [{ ROLLOVER_SCHEDULER: "maybe" }, "ROLLOVER_SCHEDULER"],
    [{ ROLLOVER_SCHEDULER_INTERVAL_MS: "1m" }, "ROLLOVER_SCHEDULER_INTERVAL_MS"],
    [{ ROLLOVER_SCHEDULER_INTERVAL_MS: "999" }, "ROLLOVER_SCHEDULER_INTERVAL_MS"],
    [{ ROLLOVER_SCHEDULER_INTERVAL_MS: "3600001" }, "ROLLOVER_SCHEDULER_INTERVAL_MS"],
  ])("refuses %o naming %s", (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(name);
  });

  it("runs the auto rollover scheduler every minute unless ROLLOVER_SCHEDULER=off", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).rolloverScheduler).toEqual({ enabled: true, intervalMs: 60_000 });
    expect(loadConfig({ DATA_DIR: tempDir(), ROLLOVER_SCHEDULER: "off" }).rolloverScheduler.enabled).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), ROLLOVER_SCHEDULER: "on" }).rolloverScheduler.enabled).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), ROLLOVER_SCHEDULER_INTERVAL_MS: "15000" }).rolloverScheduler.intervalMs).toBe(15_000);
  });

  it("turns the local provider off when another provider is configured, unless LOCAL_SIGNIN=1", () => {
    const google = { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" };
    expect(loadConfig({ DATA_DIR: tempDir(), ...google }).auth.localSignIn).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), ...google, LOCAL_SIGNIN: "1" }).auth.localSignIn).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: "https://daywise.example", LOCAL_SIGNIN: "1" }).auth.localSignIn).toBe(true);
  });

  it("reads the AI providers: available with a key, default models, base URLs without a trailing slash", () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.ai.providers.openai).toEqual({ apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini", tools: true });
    expect(config.ai.providers.gemini.model).toBe("gemini-2.0-flash");
    expect(config.ai.providers.claude.model).toBe("claude-3-5-haiku-latest");
    expect(config.ai.providers.openrouter.model).toBe("openai/gpt-4o-mini");
    expect(config.ai).toMatchObject({ timeoutMs: 60_000, rateLimitPerMinute: 10, rateLimitPerDay: 200 });

    const local = loadConfig({
      DATA_DIR: tempDir(),
      OPENAI_BASE_URL: "http://127.0.0.1:11434/v1/",
      OPENAI_API_KEY: "ollama",
      OPENAI_MODEL: "llama3.1",
      OPENAI_TOOLS: "off",
      ANTHROPIC_API_KEY: "sk-ant",
      AI_TIMEOUT_MS: "5000",
      AI_RATE_LIMIT_PER_MINUTE: "0",
      AI_RATE_LIMIT_PER_DAY: "50",
    });
    expect(local.ai.providers.openai).toEqual({ apiKey: "ollama", baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.1", tools: false });
    expect(local.ai.providers.claude).toMatchObject({ apiKey: "sk-ant", tools: true });
    expect(local.ai).toMatchObject({ timeoutMs: 5000, rateLimitPerMinute: 0, rateLimitPerDay: 50 });
  });
});
