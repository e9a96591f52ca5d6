import { describe, expect, it } from "vitest";
import { describeDataLocation, formatLogLine, prettyLogStream, shouldPrettyPrint, startLine } from "./log-format.ts";

describe("server logs", () => {
  it("are pretty only in a terminal outside production", () => {
    expect(shouldPrettyPrint(true, "development")).toBe(true);
    expect(shouldPrettyPrint(true, "production")).toBe(false);
    expect(shouldPrettyPrint(false, "development")).toBe(false);
    expect(shouldPrettyPrint(undefined, "development")).toBe(false);
  });

  it("turn a pino JSON line into a short line with the level, the message and the other fields", () => {
    const time = new Date(2026, 10, 24, 9, 5, 7).getTime();
    const line = JSON.stringify({ level: 30, time, pid: 1, hostname: "h", reqId: "r1", msg: "request completed", responseTime: 1.5 });
    expect(formatLogLine(line, false)).toBe("09:05:07 INFO  request completed reqId=r1 responseTime=1.5\n");
    expect(formatLogLine(JSON.stringify({ level: 50, time, msg: "failed", err: { stack: "Error: x\n    at y" } }), false)).toBe(
      "09:05:07 ERROR failed \nError: x\n    at y\n",
    );
    expect(formatLogLine("not json", false)).toBe("not json\n");
  });

  it("write each entry of a chunk on its own line", () => {
    const written: string[] = [];
    const stream = prettyLogStream({ write: (text: string) => written.push(text) } as unknown as NodeJS.WritableStream, false);
    stream.write(`${JSON.stringify({ level: 40, time: 0, msg: "a" })}\n`);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/WARN {2}a\n$/);
  });

  it("say at start where to open the app and where the data is, never a database password", () => {
    expect(startLine("http://localhost:3000", { kind: "sqlite", file: "/srv/daywise/data/daywise.sqlite" })).toBe(
      "Daywise is ready: open http://localhost:3000 (data: SQLite file /srv/daywise/data/daywise.sqlite)",
    );
    const postgres = describeDataLocation({ kind: "postgres", url: "postgres://app:secret@db.internal:5432/daywise" });
    expect(postgres).toBe("PostgreSQL db.internal:5432/daywise");
    expect(postgres).not.toContain("secret");
  });
});
