import react from "@vitejs/plugin-react";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// Their modules read how old the page is (decision 013's boot answers): they need a page of their own.
const pageStartTests = [
  "src/web/lib/api-client.test.ts",
  "src/web/lib/boot-answers.test.ts",
  "src/web/lib/first-render.test.ts",
  "src/web/app/shell/prepare-first-render.test.tsx",
];

function webProject(name: string, files: { include: string[]; exclude?: string[] }, isolate: boolean): TestProjectInlineConfiguration {
  return {
    plugins: [react()],
    test: {
      name,
      environment: "jsdom",
      // Rendering in jsdom is CPU-bound: a busy CI machine must not turn it into a timeout.
      testTimeout: 20_000,
      ...files,
      isolate,
      setupFiles: ["src/web/test/setup.ts"],
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default is one fewer than the cores: one file at a time on two, while the server's
    // files mostly wait on PostgreSQL, timers and child processes.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          // A worker's files share their modules: each test builds its own app and database, so a
          // fresh import of the whole server for each file was half the project's time.
          isolate: false,
          include: ["src/server/**/*.test.ts"],
          globalSetup: ["src/server/test/postgres-global-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: "shared",
          environment: "node",
          include: ["src/shared/**/*.test.ts"],
        },
      },
      // A worker's files share one jsdom page (its set-up costs more than most files' tests);
      // src/web/test/setup.ts gives each file fresh modules and storage.
      webProject("web", { include: ["src/web/**/*.test.{ts,tsx}"], exclude: pageStartTests }, false),
      webProject("web-own-page", { include: pageStartTests }, true),
    ],
  },
});
