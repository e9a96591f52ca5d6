import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../test/mock-fetch.ts";
import { clientId } from "../client-id.ts";
import { setStorageUser } from "../user-storage.ts";
import { pendingWrites, sendWrite } from "./index.ts";
import { OutboxStore } from "./store.ts";
import { stubIndexedDb } from "./test-indexeddb.ts";

stubIndexedDb();

afterEach(() => setStorageUser(null));

function headersOf(init: RequestInit): Headers {
  return new Headers(init.headers);
}

describe("sendWrite", () => {
  it("stores the write and sends it with its Idempotency-Key, client id and sequence, answering the server's JSON", async () => {
    document.cookie = "csrfToken=token-1; path=/";
    setStorageUser("user-1");
    const fetchMock = mockFetch(() => jsonResponse({ id: "task-1" }));
    await expect(sendWrite({ method: "POST", path: "/api/tasks", json: { title: "Buy milk" }, label: 'Add "Buy milk"' })).resolves.toEqual({
      id: "task-1",
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = headersOf(init);
    expect(url).toBe("/api/tasks");
    expect(init.body).toBe(JSON.stringify({ title: "Buy milk" }));
    expect(headers.get("Idempotency-Key")).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(headers.get("X-Client-Id")).toBe(clientId);
    expect(Number(headers.get("X-Client-Seq"))).toBeGreaterThan(0);
    expect(headers.get("X-CSRF-Token")).toBe("token-1");
    expect(await pendingWrites()).toEqual([]);
  });

  it("repeats a 409 that says Retry-After (its first request still runs) under the same key, and refuses a plain 409", async () => {
    setStorageUser("user-1");
    let calls = 0;
    const fetchMock = mockFetch((url) => {
      calls += 1;
      const stillRunning = url === "/api/tasks/1" && calls === 1;
      if (stillRunning)
        return new Response('{"message":"Still running","code":"conflict"}', { status: 409, headers: { "Retry-After": "1" } });
      if (url === "/api/tasks") return new Response('{"message":"A task with this id exists","code":"conflict"}', { status: 409 });
      return jsonResponse({ id: "1" });
    });
    await expect(sendWrite({ method: "PATCH", path: "/api/tasks/1", json: { title: "A" }, label: "Rename" })).resolves.toEqual({ id: "1" });
    const keys = fetchMock.mock.calls.map(([, init]) => headersOf(init).get("Idempotency-Key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    await expect(sendWrite({ method: "POST", path: "/api/tasks", json: { id: "1" }, label: "Add" })).rejects.toMatchObject({
      status: 409,
      serverMessage: "A task with this id exists",
    });
  });

  it("gives the signed-in user's waiting writes, or another user's when asked by id", async () => {
    setStorageUser("user-1");
    Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => false });
    try {
      void sendWrite({ method: "PATCH", path: "/api/tasks/7", json: { title: "Offline" }, label: 'Rename "Offline"' });
      await waitFor(async () => expect(await pendingWrites()).toHaveLength(1));
      expect(await pendingWrites()).toMatchObject([
        { path: "/api/tasks/7", json: { title: "Offline" }, userId: "user-1", state: "waiting" },
      ]);
      expect(await pendingWrites("user-2")).toEqual([]);
    } finally {
      Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => true });
    }
  });

  it("sends at once when IndexedDB cannot store the write", async () => {
    setStorageUser("user-1");
    vi.spyOn(OutboxStore.prototype, "add").mockRejectedValue(new DOMException("Quota exceeded", "QuotaExceededError"));
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const fetchMock = mockFetch(() => jsonResponse({ id: "task-9" }));
    await expect(sendWrite({ method: "POST", path: "/api/tasks", json: { title: "Kept?" }, label: 'Add "Kept?"' })).resolves.toEqual({
      id: "task-9",
    });
    expect(headersOf(fetchMock.mock.calls[0]![1]).get("Idempotency-Key")).toMatch(/^"[0-9a-f-]{36}"$/);
    vi.restoreAllMocks();
  });

  it("sends at once, still naming the tab, while no user is known", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await expect(sendWrite({ method: "DELETE", path: "/api/tasks/1", label: "Delete" })).resolves.toEqual({ ok: true });
    expect(headersOf(fetchMock.mock.calls[0]![1]).get("X-Client-Id")).toBe(clientId);
    expect(await pendingWrites()).toEqual([]);
  });
});
