// Fails `npm run check` when comments pass 5% of the code lines in src/ (tests aside), or 20% of a file's
// code lines in a file of more than 20: comments say why, briefly. A line is a comment when its trimmed
// text starts with //, /* or {/* (JSX), or lies inside a block comment.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LIMIT = 5;
const FILE_LIMIT = 20;
const FILE_MIN_LINES = 20;
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

const percentOf = (comments, code) => (code ? (100 * comments) / code : 0);
let comments = 0;
let code = 0;
const perFile = [];
for (const file of sources(path.join(root, "src"))) {
  let inBlock = false;
  let fileComments = 0;
  let fileCode = 0;
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const opensBlock = line.startsWith("/*") || line.startsWith("{/*");
    if (inBlock || opensBlock || line.startsWith("//")) {
      fileComments++;
      if (inBlock || opensBlock) inBlock = !line.includes("*/");
    } else {
      fileCode++;
    }
  }
  comments += fileComments;
  code += fileCode;
  perFile.push({ file: path.relative(root, file), comments: fileComments, code: fileCode });
}

const percent = percentOf(comments, code);
console.log(`comments: ${comments} over ${code} code lines (${percent.toFixed(1)}%)`);
for (const { comments: count, file } of [...perFile].sort((a, b) => b.comments - a.comments).slice(0, 10)) {
  console.log(`  ${String(count).padStart(4)}  ${file}`);
}
const heavy = perFile.filter((f) => f.code + f.comments > FILE_MIN_LINES && percentOf(f.comments, f.code) > FILE_LIMIT);
for (const f of heavy)
  console.error(`comment-ratio: ${f.file} is ${percentOf(f.comments, f.code).toFixed(0)}% comments (limit ${FILE_LIMIT}%)`);
if (percent > LIMIT || heavy.length > 0) {
  console.error(`comment-ratio: above ${LIMIT}% overall or ${FILE_LIMIT}% in a file; keep only comments that say why, in a line or two`);
  process.exit(1);
}
