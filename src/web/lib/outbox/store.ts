import { type DBSchema, type IDBPDatabase, type IDBPObjectStore, openDB } from "idb";
import type { OutboxEntry } from "./types.ts";

export const OUTBOX_DB_NAME = "daywise-outbox";

interface OutboxSchema extends DBSchema {
  // Keyed by seq, so that reading them in key order is sending order; a retried refusal keeps its place.
  entries: { key: number; value: OutboxEntry; indexes: { byKey: string } };
  counters: { key: string; value: number };
}

export type NewEntry = Omit<OutboxEntry, "seq">;

/** The browser's queue of writes; IndexedDB serialises overlapping readwrite transactions across tabs. */
export class OutboxStore {
  private readonly db: Promise<IDBPDatabase<OutboxSchema>>;

  constructor(name: string = OUTBOX_DB_NAME) {
    this.db = openDB<OutboxSchema>(name, 1, {
      upgrade(db) {
        const entries = db.createObjectStore("entries", { keyPath: "seq" });
        entries.createIndex("byKey", "key", { unique: true });
        db.createObjectStore("counters");
      },
    });
  }

  async add(entry: NewEntry): Promise<OutboxEntry> {
    const db = await this.db;
    const tx = db.transaction(["entries", "counters"], "readwrite");
    const counters = tx.objectStore("counters");
    const seq = ((await counters.get("seq")) ?? 0) + 1;
    const stored: OutboxEntry = { ...entry, seq };
    await Promise.all([counters.put(seq, "seq"), tx.objectStore("entries").add(stored), tx.done]);
    return stored;
  }

  async all(): Promise<OutboxEntry[]> {
    return (await this.db).getAll("entries");
  }

  async oldestWaiting(userId: string): Promise<OutboxEntry | undefined> {
    return firstWaiting((await this.db).transaction("entries").store, userId);
  }

  /** An answered entry goes and the next one waiting is read in one transaction: a flush waits for one per entry. */
  async deleteAndFindNext(key: string, userId: string): Promise<OutboxEntry | undefined> {
    const tx = (await this.db).transaction("entries", "readwrite");
    const seq = await tx.store.index("byKey").getKey(key);
    if (seq !== undefined) await tx.store.delete(seq);
    const [next] = await Promise.all([firstWaiting(tx.store, userId), tx.done]);
    return next;
  }

  async update(key: string, change: (entry: OutboxEntry) => OutboxEntry): Promise<OutboxEntry | undefined> {
    const db = await this.db;
    const tx = db.transaction("entries", "readwrite");
    const entry = await tx.store.index("byKey").get(key);
    if (!entry) return undefined;
    const changed = change(entry);
    await Promise.all([tx.store.put(changed), tx.done]);
    return changed;
  }

  async delete(key: string): Promise<void> {
    const db = await this.db;
    const tx = db.transaction("entries", "readwrite");
    const seq = await tx.store.index("byKey").getKey(key);
    await Promise.all([seq === undefined ? undefined : tx.store.delete(seq), tx.done]);
  }

  async close(): Promise<void> {
    (await this.db).close();
  }
}

async function firstWaiting(
  store: IDBPObjectStore<OutboxSchema, ["entries"], "entries", IDBTransactionMode>,
  userId: string,
): Promise<OutboxEntry | undefined> {
  let cursor = await store.openCursor();
  while (cursor) {
    if (cursor.value.userId === userId && cursor.value.state === "waiting") return cursor.value;
    cursor = await cursor.continue();
  }
  return undefined;
}
