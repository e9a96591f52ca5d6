import * as fakeIndexedDb from "fake-indexeddb";
import { vi } from "vitest";

const interfaces = [
  "IDBCursor",
  "IDBCursorWithValue",
  "IDBDatabase",
  "IDBFactory",
  "IDBIndex",
  "IDBKeyRange",
  "IDBObjectStore",
  "IDBOpenDBRequest",
  "IDBRequest",
  "IDBTransaction",
  "IDBVersionChangeEvent",
] as const;

/** Stubbed rather than installed (fake-indexeddb/auto), so that the next test file on this page has no IndexedDB. */
export function stubIndexedDb(): void {
  vi.stubGlobal("indexedDB", new fakeIndexedDb.IDBFactory());
  for (const name of interfaces) vi.stubGlobal(name, fakeIndexedDb[name]);
}
