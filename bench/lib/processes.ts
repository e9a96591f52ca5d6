// Child processes for the servers under test: the load generator runs in this process, each server in
// its own, so they never share an event loop. Every child is tracked and stopped on exit.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const PORT_RANGE = { first: 3400, last: 3499 };
const children = new Set<ChildProcess>();
const usedPorts = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A free port in 3400-3499, never handed out twice in one run (a stopped server's port may linger). */
export async function findFreePort(): Promise<number> {
  for (let port = PORT_RANGE.first; port <= PORT_RANGE.last; port++) {
    if (usedPorts.has(port)) continue;
    if (await canListen(port)) {
      usedPorts.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_RANGE.first}-${PORT_RANGE.last}`);
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/** One request on a fresh connection (no keep-alive pool that would outlive the server). */
export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, agent: false, timeout: options.timeoutMs ?? 5_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`timeout: ${url}`)));
    request.on("error", reject);
    request.end(options.body);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** The last lines the server wrote, to explain a failure. */
  output(): string;
  stop(): Promise<void>;
}

export function startServer(label: string, args: string[], env: Record<string, string>, port: number): ServerProcess {
  const child = spawn(process.execPath, args, {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-4_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("exit", () => children.delete(child));
  if (child.pid === undefined) throw new Error(`${label}: could not spawn`);
  return {
    child,
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => tail,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Polls `path` every few ms until it answers 200; resolves with the ms since `startedAt`. */
export async function waitUntilServing(server: ServerProcess, path: string, startedAt: number, timeoutMs = 20_000): Promise<number> {
  const deadline = startedAt + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with code ${server.child.exitCode} before serving ${path}:\n${server.output()}`);
    }
    try {
      const answer = await httpRequest(server.baseUrl + path, { timeoutMs: 1_000 });
      if (answer.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`server did not serve ${path} within ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Resident memory of a process in MB, from /proc (Linux); null elsewhere. */
export function readRssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux's usual builds). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc (Linux; 10 ms steps);
 * null elsewhere. The difference over a run, divided by its requests, is the CPU a request costs,
 * which a busy machine changes far less than latency.
 */
export function readCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which is in parentheses and may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Stops every child still running: called on normal exit, on errors and on Ctrl-C. */
export function killAllChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  children.clear();
}

/** The built app on a fresh SQLite data folder, serving at `baseURL` (the browser budgets), with `env` added; stop() removes the folder. */
export async function startBuiltApp(
  label: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const baseURL = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `daywise-bench-${label}-`));
  const server = startServer(
    label,
    [path.join("dist", "server", "main.js")],
    {
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SESSION_SECRET: `bench-${label}-secret-0123456789-abcdefghijklmnopqrstuvwxyz`,
      ...env,
    },
    port,
  );
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(server, "/healthz", performance.now());
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
