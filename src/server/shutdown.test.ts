import { describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { testConfig } from "./test/test-app.ts";

describe("graceful shutdown", () => {
  it("lets in-flight requests finish, answers new ones 503, and closes the database last", async () => {
    const app = await buildApp(testConfig({ database: { kind: "sqlite", file: ":memory:" } }), {
      logger: false,
      webRoot: "/nonexistent",
    });
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    app.get("/slow", async () => {
      started();
      await gate;
      order.push("slow request answered");
      return { done: true };
    });
    const closeDb = app.db.close;
    app.db.close = async () => {
      order.push("database closed");
      await closeDb();
    };
    const address = await app.listen({ port: 0, host: "127.0.0.1" });

    const inFlight = fetch(`${address}/slow`);
    await isStarted;
    const closing = app.close();
    const during = await fetch(`${address}/healthz`).then(
      (response) => response.status,
      () => "refused",
    );
    order.push("new request turned away");
    release();
    const response = await inFlight;
    await closing;

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect([503, "refused"]).toContain(during);
    expect(order).toEqual(["new request turned away", "slow request answered", "database closed"]);
  });
});
