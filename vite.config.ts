import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const apiServer = "http://localhost:3000";

export default defineConfig({
  root: path.join(repoRoot, "src/web"),
  // Brotli and gzip copies of every asset beside it, which the server sends to browsers that accept
  // them (@fastify/static's preCompressed): a phone on slow 4G downloads a third of the bytes.
  plugins: [react(), tailwindcss(), compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 })],
  build: {
    // The server serves dist/web/index.html (src/server/plugins/web-app.ts).
    outDir: path.join(repoRoot, "dist/web"),
    emptyOutDir: true,
    // Stays within the server's CSP: no inline scripts and no eval in the output.
    modulePreload: { polyfill: false },
    // The server reads it to preload the current page's chunks from the HTML (decision 013).
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every screen needs, in one long-cached file.
          groups: [{ name: "vendor", test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|tailwind-merge|clsx|class-variance-authority)[\\/]/ }],
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
