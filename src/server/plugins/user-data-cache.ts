// Hot reads of a user's planner data, kept serialized in memory. The board reads a day's tasks on
// every day change and the goals page all goals with their progress; reading, mapping and
// serializing those rows cost far more than the rest of the request (measured: ~27 tasks of a day
// about 140 µs in SQLite alone). An answer is kept under the user's data version it was read at
// (request.userDataVersion, read with the session), and every write of tasks or goals raises that
// version first (db/user-data.ts), so a kept answer is served only while nothing it depends on has
// changed, whichever server instance wrote. Only answers that are a function of the stored data
// may be kept (no clock, no time zone).
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import { requireUserId } from "./authenticate.ts";

/** Characters of serialized answers kept in all (about this many bytes for ASCII JSON). */
const MAX_CACHED_CHARS = 32 * 1024 * 1024;

interface Entry {
  version: number;
  json: string;
}

declare module "fastify" {
  interface FastifyReply {
    /**
     * Sends the signed-in user's answer for `key` (unique per route and parameters), serialized by
     * the route's response schema: the kept one while the user's data version is unchanged,
     * otherwise `load()`'s, which is then kept.
     */
    sendUserData(key: string, load: () => Promise<unknown>): Promise<FastifyReply>;
  }
}

export const userDataCachePlugin = fp(async function userDataCache(app: FastifyInstance) {
  const entries = new LRUCache<string, Entry>({
    maxSize: MAX_CACHED_CHARS,
    sizeCalculation: (entry, key) => entry.json.length + key.length,
  });

  app.decorateReply("sendUserData", async function sendUserData(this: FastifyReply, key: string, load: () => Promise<unknown>) {
    const userId = requireUserId(this.request);
    const version = this.request.userDataVersion;
    const cacheKey = `${userId}\u0000${key}`;
    const kept = entries.get(cacheKey);
    let json: string;
    if (kept && kept.version === version) {
      json = kept.json;
    } else {
      // The app's serializer (contract-serializer.ts) always writes a string.
      json = String(this.serialize(await load()));
      if (version !== null) entries.set(cacheKey, { version, json });
    }
    return this.type("application/json; charset=utf-8").send(json);
  });
});
