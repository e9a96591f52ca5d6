import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, expect, it } from "vitest";

// eslint.config.js's layout rules resolve real files: two probes are written under src/ for the test's length.
const root = path.resolve(import.meta.dirname, "../../..");
const probes = path.join(root, "src/web/features/tasks");
// A run stopped halfway leaves its probes, which `eslint .` would report: they go first (and .gitignore keeps them out).
for (const stale of readdirSync(probes).filter((name) => name.startsWith("lint-probe-"))) {
  rmSync(path.join(probes, stale), { recursive: true, force: true });
}
const probe = mkdtempSync(path.join(probes, "lint-probe-"));
afterAll(() => rmSync(probe, { recursive: true, force: true }));

it("ESLint reports an import cycle, and a feature reaching past another's index.ts", { timeout: 60_000 }, async () => {
  writeFileSync(path.join(probe, "a.ts"), 'import { b } from "./b.ts";\nexport const a = () => b;\n');
  writeFileSync(
    path.join(probe, "b.ts"),
    'import { a } from "./a.ts";\nimport { GoalFormDialog } from "../../goals/components/goal-form-dialog.tsx";\nexport const b = () => [a, GoalFormDialog];\n',
  );
  const results = await new ESLint({ cwd: root }).lintFiles([path.join(probe, "a.ts"), path.join(probe, "b.ts")]);
  const found = results.flatMap((result) => result.messages.map((message) => `${path.basename(result.filePath)}: ${message.ruleId}`));
  expect(found.sort()).toEqual(["a.ts: import-x/no-cycle", "b.ts: import-x/no-cycle", "b.ts: import-x/no-restricted-paths"]);
});
