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

/** Before the stylesheet and the body, so no page paints in the wrong theme (decision 017; the CSP hashes it). */
const themeScript: Plugin = {
  name: "daywise-theme-script",
  transformIndexHtml(html) {
    const themeColor = /<meta name="theme-color" [^>]*\/>\n/;
    if (!themeColor.test(html)) throw new Error('index.html has no <meta name="theme-color"> line to put the theme script after');
    return html.replace(themeColor, (line) => `${line}    <script>${THEME_SCRIPT}</script>\n`);
  },
};

/** The first paint needs no script (decision 013); at high priority a phone counted them as blocking it. */
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

/** So that every build is a new worker precaching exactly its own files (decision 018). */
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
        // The HTML is built per request, with the user's data.
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

/** So the bench can check what a page's first paint loads (decision 013). */
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

/** One copy of the first screens, the components, for the server's HTML (decision 032). */
const firstScreens: Plugin = {
  name: "daywise:first-screens",
  apply: "build",
  generateBundle() {
    this.emitFile({ type: "asset", fileName: FIRST_SCREENS_FILE, source: `${JSON.stringify(renderFirstScreens())}\n` });
  },
};

export default defineConfig({
  root: path.join(repoRoot, "src/web"),
  // Compressed copies beside each asset: a phone on slow 4G downloads a third of the bytes.
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
    outDir: path.join(repoRoot, "dist/web"),
    emptyOutDir: true,
    // The CSP allows no other inline script.
    modulePreload: { polyfill: false },
    // Split, every lazy chunk linked the inlined stylesheet again, applying its rules a second time.
    cssCodeSplit: false,
    // For the server's preloads of a page's chunks (decision 013).
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      // So a page gets only what it uses from a feature's index.ts; main.tsx starts the app when imported.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/](web|shared)[\\/](?!main\.tsx$).*\.tsx?$/u, sideEffects: false }] },
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.css(\?|$)/u },
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
