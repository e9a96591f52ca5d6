// `npm start`: builds the server and the web app when the build is missing or older than the
// sources, then runs the built server in this process's place.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stamp = path.join(root, "dist", ".build-stamp");
const inputs = ["src", "index.html", "package.json", "package-lock.json", "vite.config.ts", "tsconfig.server.json"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
// The build's own output (a hundred lines of file sizes) would bury the start line: one line per
// step here, and the tools' warnings and errors only.
const steps = [
  ["the web app", ["run", "--silent", "build:web", "--", "--logLevel", "warn"]],
  ["the server", ["run", "--silent", "build:server"]],
];
if (builtAt < sourcesAt || !existsSync(path.join(root, "dist", "server", "main.js"))) {
  console.log("Building Daywise (first start or sources changed)...");
  for (const [what, args] of steps) {
    console.log(`  building ${what}...`);
    const build = spawnSync("npm", args, { cwd: root, stdio: "inherit" });
    if (build.status !== 0) {
      console.error(`Building ${what} failed.`);
      process.exit(build.status ?? 1);
    }
  }
  writeFileSync(stamp, new Date().toISOString());
}

await import(path.join(root, "dist", "server", "main.js"));
