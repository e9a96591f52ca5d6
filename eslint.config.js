import { readdirSync } from "node:fs";
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const boundary = (message, ...groups) => ({
  "no-restricted-imports": ["error", { patterns: groups.map((group) => ({ group, message })) }],
});

const dirsIn = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = dirsIn("src/web/features");
const serverModules = dirsIn("src/server/modules");
const pairs = (names) => names.flatMap((target) => names.filter((from) => from !== target).map((from) => [target, from]));

/** The shared/api modules without zod, which the web app may import values from. */
const zodFreeApiModules = ["*-limits.ts", "live-events.ts", "ai-chat.ts"];
/** Web files that validate with zod and accept its cost (none today). */
const webFilesWithZod = [];

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "test-results/", "playwright-report/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // Import boundaries (ARCHITECTURE.md): server and web never import each other; both may import shared.
  {
    files: ["src/server/**/*.{ts,tsx}"],
    rules: boundary("The server must not import the web app; share code through src/shared.", ["**/web/**", "react", "react-dom"]),
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary("The web app must not import the server; share code through src/shared.", [
        "**/server/**",
        "node:*",
        "fastify",
        "kysely",
        "pg",
        "better-sqlite3",
      ]),
    },
  },
  // The schema library (zod, ~25 KB gzipped and a long evaluation on a phone) stays off the client
  // (decision 013): a web file takes values only from the zod-free shared/api modules (the limits
  // beside the schemas, the live and chat formats); a file that must validate with zod opts in below.
  {
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["src/web/**/*.test.{ts,tsx}", "src/web/test/**", ...webFilesWithZod],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["zod", "**/shared/api/*", ...zodFreeApiModules.map((name) => `!**/shared/api/${name}`)],
              allowTypeImports: true,
              message: "This brings zod into the web app: import its limits from the shared/api/*-limits.ts module, or only types.",
            },
          ],
        },
      ],
    },
  },
  {
    files: zodFreeApiModules.map((name) => `src/shared/api/${name}`),
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["zod", "./*"], allowTypeImports: true, message: "The web app imports this module: it stays zod-free." }] },
      ],
    },
  },
  // The service worker runs in the worker's scope, not the page's or Node's.
  {
    files: ["src/web/public/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: boundary("src/shared holds pure rules and schemas: no server, web, React or I/O.", [
      "**/server/**",
      "**/web/**",
      "react",
      "node:*",
    ]),
  },
  // ARCHITECTURE.md's layout: a web feature reaches another only through its index.ts; a server
  // module reaches another's data only through its service; no import cycles.
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    // import-x reads only .js files unless told otherwise: without the two lines after the resolver, the cycle check saw none.
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...pairs(webFeatures).map(([target, from]) => ({
              target: `./src/web/features/${target}`,
              from: `./src/web/features/${from}`,
              // Test fixtures are shared; ai-chat's providers.ts is its surface for lazily loaded code.
              except: ["./index.ts", "./test", ...(from === "ai-chat" ? ["./providers.ts"] : [])],
              message: `Import the ${from} feature through its index.ts.`,
            })),
            ...pairs(serverModules).map(([target, from]) => ({
              target: `./src/server/modules/${target}`,
              from: `./src/server/modules/${from}/*.repository.ts`,
              message: `Reach the ${from} module's data through its service, not its repository.`,
            })),
          ],
        },
      ],
    },
  },
);
