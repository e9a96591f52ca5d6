// Used to preload a page's chunks from its HTML (web-app.ts) and by the bench's first-paint check.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export interface BuildChunks {
  closure(modules: readonly string[]): string[];
}

// A lazy page the bundler folded into a chunk shared with another module has no manifest key: found by its chunk.
export function readBuildChunks(root: string): BuildChunks | null {
  const manifestFile = path.join(root, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const modulesFile = path.join(root, ".vite", "chunk-modules.json");
  const chunkModules = existsSync(modulesFile) ? (JSON.parse(readFileSync(modulesFile, "utf8")) as Record<string, string[]>) : {};
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const keyOf = (module: string): string | undefined => {
    if (manifest[module]) return module;
    const file = Object.keys(chunkModules).find((candidate) => chunkModules[candidate]!.includes(`src/web/${module}`));
    return file ? keyOfFile.get(file) : undefined;
  };
  return {
    closure(modules) {
      const keys = new Set<string>();
      const visit = (key: string | undefined) => {
        if (!key || keys.has(key) || !manifest[key]) return;
        keys.add(key);
        for (const imported of manifest[key].imports ?? []) visit(imported);
      };
      for (const module of modules) visit(keyOf(module));
      return [...keys].map((key) => manifest[key]!.file);
    },
  };
}
