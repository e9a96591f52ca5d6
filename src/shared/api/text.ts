import { z } from "zod";

/** PostgreSQL cannot store U+0000 in text (SQLite can): refused the same way on both databases. */
export const NUL_MESSAGE = "must not contain NUL characters";
export const hasNoNul = (value: string) => !value.includes("\u0000");

/** An id with NUL names nothing: mapped to U+FFFD, which both databases compare, so it gets the usual 404. */
export const idSchema = z
  .string({ error: "must be an id" })
  .min(1, { error: "must be an id" })
  .max(100, { error: "must be an id" })
  .transform((value) => value.replaceAll("\u0000", "\uFFFD"));

/** Walked without recursion: the check itself must survive any depth. */
export function isSmallJson(value: unknown, limits: { maxDepth: number; maxNodes: number }): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if ((nodes += 1) > limits.maxNodes) return false;
    if (node === null || typeof node !== "object") continue;
    if (depth > limits.maxDepth) return false;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return true;
}
