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

  it("selects PostgreSQL for a postgres:// DATABASE_URL", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "postgres://u@h:5432/d" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@h:5432/d" });
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ NODE_ENV: "production" }, "SESSION_SECRET"],
    [{ GOOGLE_CLIENT_ID: "id" }, "GOOGLE_CLIENT_SECRET"],
    [{ PUBLIC_URL: "https://daywise.example" }, "LOCAL_SIGNIN"],
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
    expect(
      loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: "https://daywise.example", LOCAL_SIGNIN: "1" }).auth.localSignIn,
    ).toBe(true);
  });
});
