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
