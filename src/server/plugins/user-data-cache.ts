// Hot reads of a user's planner data, kept serialized in memory under the data version they were read
// at (decision 028): every write raises it first, so a kept answer is served only while nothing it
// depends on changed, on any instance. Only answers that are a function of the stored data may be kept.
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import { requireUserId } from "./authenticate.ts";

const MAX_CACHED_BYTES = 32 * 1024 * 1024;

// Answers are kept as UTF-8 bytes: a kept string would be measured and encoded again on every send.
interface Entry {
  version: number;
  json: Buffer;
}

/** A family of one user's answers kept together (a key per day, say), at most `max` of them. */
interface GroupEntry {
  version: number;
  /** By key; the first is the least recently used. */
  answers: Map<string, Buffer>;
  /** Characters of the keys and bytes of the answers. */
  chars: number;
}

/** Answers a user can ask for without bound (one per day): one entry per user, at most `max`, dropped together. */
export interface UserDataGroup {
  name: string;
  max: number;
}

declare module "fastify" {
  interface FastifyReply {
    /** The kept answer for `key` while the user's data version is unchanged, else `load()`'s, then kept. */
    sendUserData(key: string, load: () => Promise<unknown>, group?: UserDataGroup): Promise<FastifyReply>;
  }
}

export const userDataCachePlugin = fp(async function userDataCache(app: FastifyInstance) {
  const entries = new LRUCache<string, Entry | GroupEntry>({
    maxSize: MAX_CACHED_BYTES,
    sizeCalculation: (entry, key) => ("json" in entry ? entry.json.length : entry.chars) + key.length,
  });

  /** The kept answer of `key`, or undefined; a group's answer becomes its most recently used. */
  function keptAnswer(cacheKey: string, key: string, version: number | null, group: UserDataGroup | undefined): Buffer | undefined {
    const kept = entries.get(cacheKey);
    if (!kept || kept.version !== version) return undefined;
    if (!group) return "json" in kept ? kept.json : undefined;
    if (!("answers" in kept)) return undefined;
    const json = kept.answers.get(key);
    if (json !== undefined && kept.answers.size > 1) {
      kept.answers.delete(key);
      kept.answers.set(key, json);
    }
    return json;
  }

  function keep(cacheKey: string, key: string, version: number, json: Buffer, group: UserDataGroup | undefined) {
    if (!group) {
      entries.set(cacheKey, { version, json });
      return;
    }
    const kept = entries.get(cacheKey);
    // Versions only rise: an answer read at an older one (a slow request) does not push out newer ones.
    if (kept && kept.version > version) return;
    const entry = kept && kept.version === version && "answers" in kept ? kept : { version, answers: new Map<string, Buffer>(), chars: 0 };
    const previous = entry.answers.get(key);
    if (previous !== undefined) {
      entry.answers.delete(key);
      entry.chars -= key.length + previous.length;
    }
    entry.answers.set(key, json);
    entry.chars += key.length + json.length;
    for (const [oldKey, oldJson] of entry.answers) {
      if (entry.answers.size <= group.max) break;
      entry.answers.delete(oldKey);
      entry.chars -= oldKey.length + oldJson.length;
    }
    // Set again even when it is the same entry: the cache measures an entry's size when it is set.
    entries.set(cacheKey, entry);
  }

  app.decorateReply(
    "sendUserData",
    async function sendUserData(this: FastifyReply, key: string, load: () => Promise<unknown>, group?: UserDataGroup) {
      const userId = requireUserId(this.request);
      const version = this.request.userDataVersion;
      const cacheKey = `${userId}\u0000${group ? `group:${group.name}` : key}`;
      let json = keptAnswer(cacheKey, key, version, group);
      if (json === undefined) {
        // The app's serializer (contract-serializer.ts) always writes a string.
        json = Buffer.from(String(this.serialize(await load())));
        if (version !== null) keep(cacheKey, key, version, json, group);
      }
      return this.type("application/json; charset=utf-8").send(json);
    },
  );
});
