// Fails `npm run check` when comments pass 6% of the non-blank source lines: comments say why, briefly.
// Line-based: a line counts as comment when its trimmed text starts with // or /* or lies inside a block.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LIMIT = 6;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "test") yield* sources(full);
    } else if (/\.(ts|tsx|js|mjs|css)$/.test(entry.name) && !/\.(test|spec)\./.test(entry.name)) {
      yield full;
    }
  }
}

let comments = 0;
let lines = 0;
const perFile = [];
for (const file of sources(path.join(root, "src"))) {
  let inBlock = false;
  let count = 0;
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    lines++;
    if (inBlock || line.startsWith("//") || line.startsWith("/*")) {
      count++;
      if (inBlock || line.startsWith("/*")) inBlock = !line.includes("*/");
    }
  }
  comments += count;
  perFile.push([count, path.relative(root, file)]);
}

const percent = lines ? (100 * comments) / lines : 0;
console.log(`comments: ${comments} of ${lines} code lines (${percent.toFixed(1)}%)`);
for (const [count, file] of perFile.sort((a, b) => b[0] - a[0]).slice(0, 10)) console.log(`  ${String(count).padStart(4)}  ${file}`);
if (percent > LIMIT) {
  console.error(`comment-ratio: above ${LIMIT}%; keep only comments that say why, in a line or two`);
  process.exit(1);
}
