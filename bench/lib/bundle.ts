// Size of the built web app's JavaScript as the browser downloads it: the initial set (the entry
// module and its modulepreload links in index.html, and the app module the entry imports at once
// with its imports, which every page's HTML preloads) versus the chunks loaded later by routes.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { readBuildChunks } from "../../src/server/plugins/build-manifest.ts";

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

export function measureBundle(webRoot: string, appModules: readonly string[] = []): BundleReport {
  const indexFile = path.join(webRoot, "index.html");
  if (!existsSync(indexFile))
    return { available: false, reason: `no built web app (${path.relative(process.cwd(), indexFile)} is missing)` };
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
  urls.push(...(readBuildChunks(webRoot)?.closure(appModules) ?? []).map((file) => `/${file}`));
  const initialFiles = [
    ...new Set(urls.filter((url) => !/^[a-z]+:\/\//i.test(url)).map((url) => path.join(webRoot, url.split(/[?#]/)[0]!))),
  ];
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

// --- A page's first paint --------------------------------------------------------------------

/**
 * Code that only a drag or a dialog uses (issue 20: "the board's first paint needs no chunk that
 * only a drag or a dialog uses"): drag and drop, Radix's dialogs and what they bring for modality
 * (scroll lock, focus guards, aria-hidden of the rest), the app's dialogs and side panels, and the
 * forms' validation library.
 */
export const DRAG_OR_DIALOG_ONLY: readonly RegExp[] = [
  /node_modules\/@dnd-kit\//u,
  /node_modules\/@radix-ui\/react-(alert-)?dialog\//u,
  /node_modules\/(react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-sidecar)\//u,
  /node_modules\/@radix-ui\/react-focus-guards\//u,
  /node_modules\/zod\//u,
  /^src\/web\/components\/ui\/(dialog|alert-dialog|side-panel)\.tsx$/u,
  /^src\/web\/features\/.*(-dialog|future-tasks-panel)\.tsx$/u,
];

export interface FirstPaintReport {
  /** The JavaScript files the page's first paint loads: the entry, its preloads and the page's chunks. */
  files: string[];
  /** Their brotli sizes (what a browser that accepts br downloads), summed. */
  brotliBytes: number;
  /** Source modules in those files that only a drag or a dialog uses. */
  dragOrDialogModules: string[];
}

/**
 * What a page's first paint loads, from the build's manifest (the chunks index.html loads and the
 * page's modules with their static imports: what src/server/plugins/web-app.ts preloads) and the
 * build's chunk → module list (vite.config.ts writes .vite/chunk-modules.json).
 */
export function measureFirstPaint(webRoot: string, pageModules: readonly string[]): FirstPaintReport | null {
  const chunks = readBuildChunks(webRoot);
  const modulesFile = path.join(webRoot, ".vite", "chunk-modules.json");
  if (!chunks || !existsSync(modulesFile)) return null;
  const chunkModules = JSON.parse(readFileSync(modulesFile, "utf8")) as Record<string, string[]>;
  const files = chunks.closure(["index.html", ...pageModules]).filter((file) => /\.m?js$/u.test(file));
  const brotliBytes = files.reduce((total, file) => {
    const compressed = path.join(webRoot, `${file}.br`);
    return total + (existsSync(compressed) ? readFileSync(compressed).length : readFileSync(path.join(webRoot, file)).length);
  }, 0);
  const dragOrDialogModules = files
    .flatMap((file) => chunkModules[file] ?? [])
    .filter((module) => DRAG_OR_DIALOG_ONLY.some((pattern) => pattern.test(module)));
  return { files, brotliBytes, dragOrDialogModules };
}
