// Size of the built web app's JavaScript as the browser downloads it: the initial set (the entry
// module and its modulepreload links in index.html) versus the chunks loaded later by routes.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface BundleFile {
  file: string;
  gzipBytes: number;
}

export type BundleReport =
  | { available: false; reason: string }
  | { available: true; initial: BundleFile[]; initialGzipBytes: number; lazy: BundleFile[]; lazyGzipBytes: number };

function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4]) : undefined;
}

function listJsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export function measureBundle(webRoot: string): BundleReport {
  const indexFile = path.join(webRoot, "index.html");
  if (!existsSync(indexFile)) return { available: false, reason: `no built web app (${path.relative(process.cwd(), indexFile)} is missing)` };
  const html = readFileSync(indexFile, "utf8");
  const urls: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attribute(tag, "src");
    if (src && attribute(tag, "type") === "module") urls.push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = attribute(tag, "href");
    if (href && attribute(tag, "rel") === "modulepreload") urls.push(href);
  }
  const initialFiles = [...new Set(urls.filter((url) => !/^[a-z]+:\/\//i.test(url)).map((url) => path.join(webRoot, url.split(/[?#]/)[0]!)))];
  const initial = initialFiles.map((file) => ({
    file: path.relative(webRoot, file),
    gzipBytes: existsSync(file) ? gzipSize(file) : 0,
  }));
  const initialSet = new Set(initialFiles);
  const lazy = listJsFiles(webRoot)
    .filter((file) => !initialSet.has(file))
    .map((file) => ({ file: path.relative(webRoot, file), gzipBytes: gzipSize(file) }));
  const sum = (files: BundleFile[]) => files.reduce((total, f) => total + f.gzipBytes, 0);
  return { available: true, initial, initialGzipBytes: sum(initial), lazy, lazyGzipBytes: sum(lazy) };
}
