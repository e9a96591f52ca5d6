import os from "node:os";
import type { Dialect } from "../../src/server/db/database.ts";
import type { LighthouseResult } from "../lighthouse.ts";
import { REFERENCE_HOST_INDEX } from "./phone-cpu.ts";
import type { BundleReport } from "./bundle.ts";
import type { LoadResult } from "./load.ts";

export interface Settings {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  adjacentBaselineSeconds: number;
}

export type Outcome =
  | {
      kind: "measured";
      load: LoadResult;
      note?: string;
      /** The baseline measured just before this run, at the same connections. */
      baselineRps?: number;
      baselineP99Ms?: number;
      /** The app process's CPU time (user + system) over the measured run, per response; absent without /proc. */
      cpuMsPerRequest?: number;
    }
  | { kind: "skipped"; reason: string }
  | { kind: "error"; reason: string };

export interface ScenarioRow {
  name: string;
  /** null for the baseline, which has no database. */
  dialect: Dialect | null;
  outcome: Outcome;
  /** Requests/s relative to the baseline measured just before. */
  ratio?: number;
  budgetText?: string;
}

export interface BudgetCheck {
  name: string;
  measured: string;
  limit: string;
  /** SKIP: the route does not exist yet, or the thing measured is not built. */
  verdict: "PASS" | "FAIL" | "SKIP";
}

export interface StartupReport {
  samplesMs: number[];
  medianMs: number;
  /** The bare Fastify hello-world's start, measured between the app's. */
  baselineMedianMs: number;
  rssMb: number | null;
  /** The hello-world's resident memory right after its start, the same Node's own footprint. */
  baselineRssMb: number | null;
  firstStartMs: number;
}

export interface Report {
  date: Date;
  settings: Settings;
  baselineRuns: LoadResult[];
  rows: ScenarioRow[];
  appRss: Partial<Record<Dialect, number | null>>;
  startup: StartupReport | { error: string };
  bundle: BundleReport;
  /** Absent when skipped or failed (the checks say which). */
  lighthouse?: LighthouseResult;
  postgres: { available: true } | { available: false; reason: string };
  checks: BudgetCheck[];
  totalSeconds: number;
  /** 1-minute load average before and after: other work on the machine skews every figure. */
  loadAverage: { start: number; end: number };
}

export function machineLine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
  const cores = os.cpus().length;
  const memoryGb = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpu}, ${cores} cores, ${memoryGb} GB memory, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

const fmt = {
  rps: (value: number) => Math.round(value).toLocaleString("en-US"),
  ms: (value: number) => value.toFixed(1),
  ratio: (value: number | undefined) => (value === undefined ? "" : `${(value * 100).toFixed(0)}%`),
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`, // KB = 1,024 bytes
  mb: (value: number | null | undefined) => (value === null || value === undefined ? "n/a" : `${value.toFixed(0)} MB`),
};

function rowCells(row: ScenarioRow): string[] {
  const where = row.dialect ?? "-";
  const { outcome } = row;
  const empty = ["", "", "", "", "", "", "", ""];
  if (outcome.kind === "skipped") return [row.name, where, ...empty, row.budgetText ?? "", `skipped: ${outcome.reason}`];
  if (outcome.kind === "error") return [row.name, where, ...empty, row.budgetText ?? "", `ERROR: ${outcome.reason}`];
  const { load } = outcome;
  const errors = load.non2xx + load.errors > 0 ? `${load.non2xx} non-2xx, ${load.errors} errors ${JSON.stringify(load.statusCounts)}` : "";
  const note = [outcome.note, errors].filter(Boolean).join("; ");
  const baseline = outcome.baselineRps === undefined ? "" : fmt.rps(outcome.baselineRps);
  const baselineP99 = outcome.baselineP99Ms === undefined ? "" : outcome.baselineP99Ms.toFixed(2);
  return [
    row.name,
    where,
    fmt.rps(load.requests),
    fmt.rps(load.rps),
    fmt.ms(load.p50Ms),
    fmt.ms(load.p99Ms),
    outcome.cpuMsPerRequest === undefined ? "" : outcome.cpuMsPerRequest.toFixed(2),
    baseline,
    baselineP99,
    fmt.ratio(row.ratio),
    row.budgetText ?? "",
    note,
  ];
}

const LOAD_HEADER = [
  "target",
  "database",
  "responses",
  "req/s",
  "p50 ms",
  "p99 ms",
  "app CPU ms/req",
  "baseline req/s",
  "baseline p99 ms",
  "vs baseline",
  "budget",
  "note",
];

function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

// eslint-disable-next-line no-control-regex -- the escape that starts a terminal colour
const TERMINAL_COLOUR = /\x1b\[[0-9;]*m/g;

function markdownTable(header: string[], rows: string[][]): string {
  // An error's message can hold terminal colours and line breaks (Playwright's call log), which would end the row.
  const escape = (cell: string) =>
    cell
      .replace(TERMINAL_COLOUR, "")
      .replace(/\s*\n\s*/g, " ")
      .replace(/\|/g, "\\|");
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.map(escape).join(" | ")} |`),
  ].join("\n");
}

function startupLines(report: Report): string[] {
  if ("error" in report.startup) return [`Start-up: ERROR: ${report.startup.error}`];
  const s = report.startup;
  return [
    `Start-up on an existing SQLite database, spawn to first 200 from GET /healthz: median ${s.medianMs.toFixed(0)} ms, hello-world ${s.baselineMedianMs.toFixed(0)} ms ` +
      `(runs: ${s.samplesMs.map((v) => v.toFixed(0)).join(", ")} ms; first start creating the database: ${s.firstStartMs.toFixed(0)} ms)`,
    `Resident memory right after start: ${fmt.mb(s.rssMb)} (hello-world ${fmt.mb(s.baselineRssMb)}); after the load runs: SQLite ${fmt.mb(report.appRss.sqlite)}, PostgreSQL ${fmt.mb(report.appRss.postgres)}`,
  ];
}

function bundleLines(bundle: BundleReport, markdown: boolean): string[] {
  if (!bundle.available) return [`Web app: ${bundle.reason}`];
  const list = (files: { file: string; gzipBytes: number }[]) =>
    files.map((f) => (markdown ? `\`${f.file}\` ${fmt.kb(f.gzipBytes)}` : `${f.file} ${fmt.kb(f.gzipBytes)}`)).join(", ") || "none";
  return [
    `Initial JavaScript (entry + modulepreload), gzip -9: ${fmt.kb(bundle.initialGzipBytes)} (${list(bundle.initial)})`,
    `Lazy chunks: ${bundle.lazy.length} files, ${fmt.kb(bundle.lazyGzipBytes)} gzipped in total`,
  ];
}

function checkRows(checks: BudgetCheck[]): string[][] {
  return checks.map((c) => [c.verdict, c.name, c.measured, c.limit]);
}

function loadLine(report: Report): string {
  const { start, end } = report.loadAverage;
  return `Load average (1 min) before / after the run: ${start.toFixed(2)} / ${end.toFixed(2)} on ${os.cpus().length} cores`;
}

function summaryLine(checks: BudgetCheck[]): string {
  const count = (verdict: BudgetCheck["verdict"]) => checks.filter((c) => c.verdict === verdict).length;
  return `Budgets: ${count("PASS")} PASS, ${count("FAIL")} FAIL, ${count("SKIP")} not measured yet (of ${checks.length}).`;
}

export function printReport(report: Report): void {
  const baseline = report.baselineRuns.map((r) => fmt.rps(r.rps)).join(" / ");
  console.log("\n=== Daywise benchmark ===");
  console.log(`${report.date.toISOString()}  ${machineLine()}`);
  console.log(loadLine(report));
  console.log(
    `${report.settings.connections} connections, ${report.settings.seconds} s per run after ${report.settings.warmupSeconds} s warm-up; ` +
      `baseline runs (start / end): ${baseline} req/s`,
  );
  if (!report.postgres.available) console.log(`!!! PostgreSQL half SKIPPED: ${report.postgres.reason}`);
  console.log("");
  console.log(textTable(LOAD_HEADER, report.rows.map(rowCells)));
  console.log("");
  for (const line of startupLines(report)) console.log(line);
  for (const line of bundleLines(report.bundle, false)) console.log(line);
  console.log("\nBudgets:");
  console.log(textTable(["verdict", "budget", "measured", "limit"], checkRows(report.checks)));
  console.log("");
  console.log(summaryLine(report.checks));
  for (const check of report.checks.filter((c) => c.verdict === "FAIL")) {
    console.log(`FAIL: ${check.name}: ${check.measured} (limit ${check.limit})`);
  }
  console.log(`Total run time: ${report.totalSeconds.toFixed(0)} s`);
}

export function renderMarkdown(report: Report): string {
  return [
    "# Benchmark results",
    "",
    "Written by `npm run bench -- --write` (see `bench/README.md`). Figures from one run on one machine:",
    "compare ratios to the baseline, not absolute numbers, across machines. Earlier runs, and the burst of",
    "writes against an open board (issue 56, item 11; tested in `e2e/live-updates.spec.ts`), are in `bench/HISTORY.md`.",
    "",
    `- Date: ${report.date.toISOString()}`,
    `- Machine: ${machineLine()}`,
    `- ${loadLine(report)}`,
    `- Load: autocannon, ${report.settings.connections} connections, ${report.settings.seconds} s per run after a ${report.settings.warmupSeconds} s warm-up (runs that use up their requests, such as refresh tokens, give their count and duration in their note); load generator and server in separate processes on the same machine`,
    `- Baseline (bare Fastify hello-world), full runs at the start and at the end: ${report.baselineRuns.map((r) => `${fmt.rps(r.rps)} req/s (p50 ${fmt.ms(r.p50Ms)} ms, p99 ${fmt.ms(r.p99Ms)} ms)`).join("; ")}. Each route's ratios are to a ${report.settings.adjacentBaselineSeconds} s baseline run at the route's connections just before it ("baseline req/s", "baseline p99 ms")`,
    ...(report.postgres.available ? [] : [`- **PostgreSQL half skipped**: ${report.postgres.reason}`]),
    "",
    "## Routes",
    "",
    markdownTable(LOAD_HEADER, report.rows.map(rowCells)),
    "",
    "## Start-up and memory",
    "",
    ...startupLines(report).map((line) => `- ${line}`),
    "",
    "## Web app bundle",
    "",
    ...bundleLines(report.bundle, true).map((line) => `- ${line}`),
    "",
    ...lighthouseSection(report.lighthouse),
    "## Budgets",
    "",
    summaryLine(report.checks),
    "",
    markdownTable(["verdict", "budget", "measured", "limit"], checkRows(report.checks)),
    "",
  ].join("\n");
}

function lighthouseSection(result: LighthouseResult | undefined): string[] {
  if (!result) return [];
  const ms = (value: number) => `${Math.round(value)} ms`;
  return [
    "## First paint (Lighthouse)",
    "",
    `Lighthouse 12, performance only, signed in through the local provider (the welcome page signed out); each metric's median of ${result.runsPerPage} runs per page (boot-up items from the run with the median score), the app and Chromium in a CPU cgroup ahead of the machine's other work (decision 077) (\`bench/lighthouse.ts\`). Mobile is Lighthouse's default (simulated slow 4G, 4x CPU slowdown at host index ${REFERENCE_HOST_INDEX.toLocaleString("en-US")}, where the budgets were set). The simulated phone's CPU time is this machine's observed time times the slowdown, so the slowdown follows the machine's benchmark index measured just before each run (higher is faster): the same phone on a slower or busier machine. Desktop's 1x is likewise scaled by the index (below 1x on a slower machine).`,
    "",
    markdownTable(
      [
        "page",
        "form factor",
        "score (each run)",
        "FCP",
        "LCP",
        "TBT",
        "CLS",
        "Speed Index",
        "host index, CPU slowdown (each run)",
        "largest boot-up items",
      ],
      result.rows.map((row) => [
        `${row.page} (\`${row.path}\`)`,
        row.formFactor,
        `${row.median.score.toFixed(2)} (${row.runs.map((run) => run.score.toFixed(2)).join(" / ")})`,
        ms(row.median.fcpMs),
        ms(row.median.lcpMs),
        ms(row.median.tbtMs),
        row.median.cls.toFixed(3),
        ms(row.median.speedIndexMs),
        row.runs
          .map((run) => `${Math.round(run.benchmarkIndex)}, ${run.cpuSlowdown.toFixed(row.formFactor === "mobile" ? 1 : 2)}x`)
          .join(" / "),
        row.median.bootup.map((item) => `\`${item.url}\` ${item.scriptingMs} ms`).join(", "),
      ]),
    ),
    "",
  ];
}
