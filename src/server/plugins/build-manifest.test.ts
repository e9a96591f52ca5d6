import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readBuildChunks } from "./build-manifest.ts";

describe("readBuildChunks", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const writeBuild = (manifest: object, chunkModules: object) => {
    root = mkdtempSync(path.join(os.tmpdir(), "daywise-build-"));
    mkdirSync(path.join(root, ".vite"));
    writeFileSync(path.join(root, ".vite", "manifest.json"), JSON.stringify(manifest));
    writeFileSync(path.join(root, ".vite", "chunk-modules.json"), JSON.stringify(chunkModules));
  };

  it("follows a page's imports once each, by its manifest key", () => {
    writeBuild(
      {
        "index.html": { file: "assets/index.js", imports: ["_vendor.js"] },
        "_vendor.js": { file: "assets/vendor.js" },
        "app/pages/goals-page.tsx": { file: "assets/goals-page.js", imports: ["_vendor.js", "_card.js"] },
        "_card.js": { file: "assets/card.js", imports: ["_vendor.js"] },
      },
      {},
    );
    expect(readBuildChunks(root)!.closure(["app/pages/goals-page.tsx"])).toEqual([
      "assets/goals-page.js",
      "assets/vendor.js",
      "assets/card.js",
    ]);
  });

  it("finds a page the bundler folded into a shared chunk by the chunk that holds its module", () => {
    writeBuild(
      {
        "_today-page-x.js": { file: "assets/today-page-x.js", imports: ["_vendor.js"] },
        "_vendor.js": { file: "assets/vendor.js" },
      },
      { "assets/today-page-x.js": ["src/web/app/pages/today-page.tsx", "src/web/features/tasks/components/task-card.tsx"] },
    );
    expect(readBuildChunks(root)!.closure(["app/pages/today-page.tsx", "app/nowhere.tsx"])).toEqual([
      "assets/today-page-x.js",
      "assets/vendor.js",
    ]);
  });

  it("is null without a build", () => {
    root = mkdtempSync(path.join(os.tmpdir(), "daywise-build-"));
    expect(readBuildChunks(root)).toBeNull();
  });
});
