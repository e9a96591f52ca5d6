import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { type Plugin, defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { FIRST_SCREENS_FILE } from "./src/shared/first-screens.ts";
import { THEME_SCRIPT } from "./src/shared/theme-script.ts";
import { renderFirstScreens } from "./src/web/app/first-screens.tsx";

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const apiServer = "http://localhost:3000";

/**
 * The theme's first-paint script, right after the theme-color meta in <head> (decision 017): it
 * sets <html class="dark"> and that meta's colour before the stylesheet and the body, so no page
 * paints in the wrong theme. The server's CSP allows these exact bytes by their hash
 * (src/server/plugins/security.ts).
 */
const themeScript: Plugin = {
  name: "daywise-theme-script",
  transformIndexHtml(html) {
    const themeColor = /<meta name="theme-color" [^>]*\/>\n/;
    if (!themeColor.test(html)) throw new Error('index.html has no <meta name="theme-color"> line to put the theme script after');
    return html.replace(themeColor, (line) => `${line}    <script>${THEME_SCRIPT}</script>\n`);
  },
};

/**
 * The app's scripts are fetched at low priority (fetchpriority="low" on index.html's module script
 * and module preloads; the server's page preloads say the same, plugins/web-app.ts). Nothing in
 * the first paint waits for them: the HTML carries the page's stylesheet and its loading screen
 * (decision 013). At the default high priority, Lighthouse's simulated phone counted every script
 * that had arrived before the observed first paint as blocking that paint, a first paint that
 * jumped between ~0.8 and ~2.3 s from one run to the next.
 */
const lowPriorityScripts: Plugin = {
  name: "daywise:low-priority-scripts",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html) {
      const tags = /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/gu;
      if (!tags.test(html)) throw new Error("index.html has no module script or module preload to mark as low priority");
      return html.replace(tags, (tag) => `${tag} fetchpriority="low"`);
    },
  },
};

/**
 * Writes this build's id and file list into the service worker (src/web/public/sw.js, copied to
 * dist/web/sw.js), so that every build is a new worker that precaches exactly its own files
 * (decision 018). Runs before the compression plugin's copies of public files are made.
 */
function serviceWorkerBuild(): Plugin {
  let outDir = "";
  return {
    name: "daywise:service-worker-build",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
        // Not the worker, nor the HTML (built per request, with the user's data), nor a compressed copy.
        .filter((file) => file !== "sw.js" && file !== "index.html" && !file.startsWith(".vite/") && !/\.(br|gz)$/u.test(file))
        .sort();
      const hash = createHash("sha256");
      for (const file of [...files, "index.html"]) hash.update(`${file}\0`).update(readFileSync(path.join(outDir, file)));
      const workerFile = path.join(outDir, "sw.js");
      const source = readFileSync(workerFile, "utf8");
      const built = source
        .replace('const BUILD_ID = "unbuilt";', `const BUILD_ID = ${JSON.stringify(hash.digest("hex").slice(0, 16))};`)
        .replace("const PRECACHE_URLS = [];", `const PRECACHE_URLS = ${JSON.stringify(files.map((file) => `/${file}`))};`);
      if (built === source || !built.includes('const PRECACHE_URLS = ["'))
        throw new Error(`${workerFile}: BUILD_ID or PRECACHE_URLS not found`);
      writeFileSync(workerFile, built);
    },
  };
}

/**
 * Writes which source modules each JavaScript chunk holds (.vite/chunk-modules.json, paths from the
 * repository root), so the bench can check what a page's first paint loads (decision 013: no code
 * that only a drag or a dialog uses).
 */
const chunkModules: Plugin = {
  name: "daywise:chunk-modules",
  apply: "build",
  generateBundle(_options, bundle) {
    const chunks: Record<string, string[]> = {};
    for (const output of Object.values(bundle)) {
      if (output.type !== "chunk") continue;
      chunks[output.fileName] = output.moduleIds
        .map((id) => path.relative(repoRoot, id.replace(/^\0/u, "")).split(path.sep).join("/"))
        .sort();
    }
    this.emitFile({ type: "asset", fileName: ".vite/chunk-modules.json", source: `${JSON.stringify(chunks, null, 1)}\n` });
  },
};

/** The loading and welcome screens' HTML, which the server paints into #root (decision 032). */
const firstScreens: Plugin = {
  name: "daywise:first-screens",
  apply: "build",
  generateBundle() {
    this.emitFile({ type: "asset", fileName: FIRST_SCREENS_FILE, source: `${JSON.stringify(renderFirstScreens())}\n` });
  },
};

export default defineConfig({
  root: path.join(repoRoot, "src/web"),
  // Brotli and gzip copies of every asset beside it, which the server sends to browsers that accept
  // them (@fastify/static's preCompressed): a phone on slow 4G downloads a third of the bytes.
  plugins: [
    themeScript,
    lowPriorityScripts,
    react(),
    tailwindcss(),
    chunkModules,
    firstScreens,
    serviceWorkerBuild(),
    compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 }),
  ],
  build: {
    // The server serves dist/web/index.html (src/server/plugins/web-app.ts).
    outDir: path.join(repoRoot, "dist/web"),
    emptyOutDir: true,
    // Stays within the server's CSP: no inline scripts (but the theme script, allowed by its hash)
    // and no eval in the output.
    modulePreload: { polyfill: false },
    // One stylesheet, which the server inlines into the page's HTML (decision 013), and which no
    // chunk lists as its own: split, every lazy chunk's import linked it again, so it was fetched at
    // the highest priority after the first paint and applied a second time, doubling the rules of
    // every later style recalculation.
    cssCodeSplit: false,
    // The server reads it to preload the current page's chunks from the HTML (decision 013).
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      // The app's own modules do nothing when imported but define things (but for the stylesheet
      // and main.tsx, which starts the app when boot.ts imports it), so a page gets only what it
      // uses from a feature's index.ts: the board importing the wrap-up dialog from
      // features/rollover does not load the settings form.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/](web|shared)[\\/](?!main\.tsx$).*\.tsx?$/u, sideEffects: false }] },
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.css(\?|$)/u },
          // The libraries every screen needs, in one long-cached file.
          groups: [
            {
              name: "vendor",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|tailwind-merge|clsx|class-variance-authority)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(
      ["/api", "/auth", "/oidc", "/healthz", "/readyz"].map((prefix) => [prefix, { target: apiServer, changeOrigin: false }]),
    ),
  },
  preview: { port: 4173, strictPort: true },
});
