import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const boundary = (message, ...groups) => ({
  "no-restricted-imports": ["error", { patterns: groups.map((group) => ({ group, message })) }],
});

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
  // but where a form validates with a schema: the limits a form needs are in the zod-free
  // *-limits.ts modules beside the schemas (decision 013). Tests may use the schemas.
  {
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["src/web/**/*.test.{ts,tsx}", "src/web/test/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["zod", ...["ai", "ai-breakdown", "goals", "insights", "rollover", "tasks", "text", "user"].map((name) => `**/shared/api/${name}.ts`)],
              allowTypeImports: true,
              message: "This brings zod into the web app: import its limits from the shared/api/*-limits.ts module, or only types.",
            },
          ],
        },
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
);
