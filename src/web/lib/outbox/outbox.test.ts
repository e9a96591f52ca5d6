import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api-client.ts";
import { Outbox, type OutboxLocks, OutboxStorageError, STATE_READ_GAP_MS, isTransientFailure } from "./outbox.ts";
import { OutboxStore } from "./store.ts";
import { stubIndexedDb } from "./test-indexeddb.ts";
import type { OutboxEntry } from "./types.ts";

stubIndexedDb();

let databaseCount = 0;
const started: Outbox[] = [];

afterEach(() => {
  for (const outbox of started.splice(0)) outbox.stop();
  vi.useRealTimers();
});

/** IndexedDB (fake-indexeddb) answers on setImmediate, which the fake timers leave real. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 30; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Web Locks as the browser grants them: one holder, the next request when it lets go. */
function locksStandIn(): OutboxLocks {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request(_name, callback) {
      const held = tail.then(callback);
      tail = held.catch(() => undefined);
      return held;
    },
  };
}

type Answer = (entry: OutboxEntry) => unknown;

interface Tab {
  outbox: Outbox;
  sent: OutboxEntry[];
  user: { id: string | null };
}

function openTab(options: {
  database: string;
  answer?: Answer;
  locks?: OutboxLocks;
  channelName?: string;
  online?: () => boolean;
  stateReadGapMs?: number;
}): Tab {
  const sent: OutboxEntry[] = [];
  const user = { id: "user-1" as string | null };
  let keys = 0;
  const outbox = new Outbox({
    store: new OutboxStore(options.database),
    clientId: `tab-${options.database}-${Math.random()}`,
    currentUser: () => user.id,
    send: async (entry) => {
      sent.push(entry);
      return (options.answer ?? ((sentEntry: OutboxEntry) => ({ path: sentEntry.path })))(entry);
    },
    newKey: () => `key-${options.database}-${(keys += 1)}-${Math.random()}`,
    ...(options.locks ? { locks: options.locks } : {}),
    ...(options.channelName ? { channel: new BroadcastChannel(options.channelName) } : {}),
    ...(options.online ? { isOnline: options.online } : {}),
    // The count is read after each change here; the gap between reads has a test of its own.
    stateReadGapMs: options.stateReadGapMs ?? 0,
  });
  started.push(outbox);
  return { outbox, sent, user };
}

function newDatabase(): string {
  databaseCount += 1;
  return `outbox-test-${databaseCount}`;
}

const write = (path: string) => ({ method: "PATCH" as const, path, json: { title: path }, label: `Rename ${path}` });

describe("outbox (decision 043)", () => {
  it("sends the entries oldest first, one at a time, and answers each writer with the server's answer", async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const tab = openTab({
      database: newDatabase(),
      answer: async (entry) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await settle();
        inFlight -= 1;
        return { done: entry.path };
      },
    });
    const answers = [
      tab.outbox.write(write("/a"), "user-1"),
      tab.outbox.write(write("/b"), "user-1"),
      tab.outbox.write(write("/c"), "user-1"),
    ];
    tab.outbox.start();
    await expect(Promise.all(answers)).resolves.toEqual([{ done: "/a" }, { done: "/b" }, { done: "/c" }]);
    expect(tab.sent.map((entry) => entry.path)).toEqual(["/a", "/b", "/c"]);
    expect(tab.sent.map((entry) => entry.seq)).toEqual([1, 2, 3]);
    expect(mostInFlight).toBe(1);
    expect(await tab.outbox.pending("user-1")).toEqual([]);
  });

  it("sends a write at once when nothing waits, before it is stored, and the next one only after its answer", async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    let failFirst = true;
    const tab = openTab({
      database: newDatabase(),
      answer: async (entry) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await settle();
        inFlight -= 1;
        if (entry.path === "/a" && failFirst) {
          failFirst = false;
          throw new TypeError("Failed to fetch");
        }
        return { done: entry.path };
      },
    });
    tab.outbox.start();
    await settle();
    const first = tab.outbox.write(write("/a"), "user-1");
    // Sent in the same turn as the write, not after IndexedDB's put.
    expect(tab.sent.map((entry) => entry.path)).toEqual(["/a"]);
    const second = tab.outbox.write(write("/b"), "user-1");
    expect(tab.sent).toHaveLength(1);
    // The quick send failed on the network: the stored entry goes again under its key, before /b.
    await expect(Promise.all([first, second])).resolves.toEqual([{ done: "/a" }, { done: "/b" }]);
    expect(tab.sent.map((entry) => entry.path)).toEqual(["/a", "/a", "/b"]);
    expect(tab.sent[1]!.key).toBe(tab.sent[0]!.key);
    expect(mostInFlight).toBe(1);
    await settle();
    expect(await tab.outbox.pending("user-1")).toEqual([]);
    expect(tab.outbox.getState().waiting).toBe(0);
  });

  it("reports a refusal of a write sent at once like any other", async () => {
    const tab = openTab({
      database: newDatabase(),
      answer: () => {
        throw new ApiError(404, "Not Found", JSON.stringify({ message: "Task not found", code: "not_found" }));
      },
    });
    tab.outbox.start();
    await settle();
    await expect(tab.outbox.write(write("/gone"), "user-1")).rejects.toMatchObject({ status: 404 });
    await settle();
    expect(tab.sent).toHaveLength(1);
    expect(tab.outbox.getState().refused.map((entry) => entry.refusal)).toEqual([{ status: 404, message: "Task not found" }]);
  });

  it("reads the waiting count a few times during a flush, not once per answer, and shows none left at the last answer", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let isOnline = false;
    const tab = openTab({ database: newDatabase(), online: () => isOnline, stateReadGapMs: STATE_READ_GAP_MS });
    tab.outbox.start();
    const answers = Array.from({ length: 20 }, (_, index) => tab.outbox.write(write(`/${index}`), "user-1"));
    while ((await tab.outbox.pending("user-1")).length < 20) await settle();
    await settle();
    await vi.advanceTimersByTimeAsync(STATE_READ_GAP_MS);
    await settle();
    expect(tab.outbox.getState().waiting).toBe(20);
    const counts: number[] = [];
    tab.outbox.subscribe(() => counts.push(tab.outbox.getState().waiting));
    isOnline = true;
    window.dispatchEvent(new Event("online"));
    await Promise.all(answers);
    await settle();
    // No time has passed on the timers: the count went from 20 to 0 in one read, not through 19, 18, ...
    expect(tab.sent).toHaveLength(20);
    expect(counts).toEqual([0]);
  });

  it("sends nothing offline, keeps the entries for a page loaded meanwhile, and sends them on 'online'", async () => {
    let isOnline = false;
    const tab = openTab({ database: newDatabase(), online: () => isOnline });
    tab.outbox.start();
    const answer = tab.outbox.write(write("/a"), "user-1");
    const second = tab.outbox.write(write("/b"), "user-1");
    await settle();
    expect(tab.sent).toEqual([]);
    expect((await tab.outbox.pending("user-1")).map((entry) => entry.path)).toEqual(["/a", "/b"]);
    expect(tab.outbox.getState().waiting).toBe(2);
    isOnline = true;
    window.dispatchEvent(new Event("online"));
    await Promise.all([answer, second]);
    await settle();
    expect(tab.sent.map((entry) => entry.path)).toEqual(["/a", "/b"]);
    expect(tab.outbox.getState()).toEqual({ waiting: 0, refused: [] });
  });

  it("sends the same entry again with the same key, after 1 s, then 2 s, and at once on 'online'", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let failures = 2;
    const tab = openTab({
      database: newDatabase(),
      answer: () => {
        if (failures-- > 0) throw new TypeError("Failed to fetch");
        return { ok: true };
      },
    });
    const answer = tab.outbox.write(write("/a"), "user-1");
    tab.outbox.start();
    await settle();
    expect(tab.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    expect(tab.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(tab.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    await settle();
    expect(tab.sent).toHaveLength(2);
    window.dispatchEvent(new Event("online"));
    await settle();
    expect(tab.sent).toHaveLength(3);
    await expect(answer).resolves.toEqual({ ok: true });
    expect(new Set(tab.sent.map((entry) => entry.key)).size).toBe(1);
  });

  it("backs off to at most 30 s", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const tab = openTab({
      database: newDatabase(),
      answer: () => {
        throw new ApiError(503, "Service Unavailable", "");
      },
    });
    void tab.outbox.write(write("/a"), "user-1").catch(() => undefined);
    tab.outbox.start();
    await settle();
    for (const wait of [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]) {
      const before = tab.sent.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      await settle();
      expect(tab.sent).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      await settle();
      expect(tab.sent).toHaveLength(before + 1);
    }
  });

  it("keeps a refused entry with the server's message, rejects its writer, and goes on with the next", async () => {
    const tab = openTab({
      database: newDatabase(),
      answer: (entry) => {
        if (entry.path === "/gone") throw new ApiError(404, "Not Found", JSON.stringify({ message: "Task not found", code: "not_found" }));
        return { ok: entry.path };
      },
    });
    const refused = tab.outbox.write(write("/gone"), "user-1");
    const next = tab.outbox.write(write("/b"), "user-1");
    tab.outbox.start();
    await expect(refused).rejects.toMatchObject({ name: "ApiError", status: 404, serverMessage: "Task not found" });
    await expect(next).resolves.toEqual({ ok: "/b" });
    await settle();
    const { refused: list, waiting } = tab.outbox.getState();
    expect(waiting).toBe(0);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      path: "/gone",
      label: "Rename /gone",
      state: "refused",
      refusal: { status: 404, message: "Task not found" },
    });
    expect(await tab.outbox.pending("user-1")).toEqual([]);
  });

  it("retries a refused entry under a new key, and discards one", async () => {
    let isRefusing = true;
    const tab = openTab({
      database: newDatabase(),
      answer: () => {
        if (isRefusing) throw new ApiError(422, "Unprocessable Entity", JSON.stringify({ message: "Too long" }));
        return { ok: true };
      },
    });
    tab.outbox.start();
    await tab.outbox.write(write("/a"), "user-1").catch(() => undefined);
    await tab.outbox.write(write("/b"), "user-1").catch(() => undefined);
    await settle();
    const [first, second] = tab.outbox.getState().refused;
    isRefusing = false;
    await tab.outbox.retry(first!.key);
    await tab.outbox.discard(second!.key);
    await settle();
    expect(tab.sent.map((entry) => entry.path)).toEqual(["/a", "/b", "/a"]);
    expect(tab.sent[2]!.key).not.toBe(first!.key);
    expect(tab.outbox.getState()).toEqual({ waiting: 0, refused: [] });
  });

  it("tells a 409 of a request still running (retried) from a conflict (refused)", () => {
    const stillRunning = JSON.stringify({ code: "conflict", message: "A request with this Idempotency-Key is still running" });
    expect(isTransientFailure(new ApiError(409, "Conflict", stillRunning, "1"))).toBe(true);
    expect(isTransientFailure(new ApiError(409, "Conflict", JSON.stringify({ code: "conflict", message: "Exists" })))).toBe(false);
    for (const status of [500, 502, 503, 408, 429]) expect(isTransientFailure(new ApiError(status, "", ""))).toBe(true);
    for (const status of [400, 403, 404, 422]) expect(isTransientFailure(new ApiError(status, "", ""))).toBe(false);
    expect(isTransientFailure(new TypeError("Failed to fetch"))).toBe(true);
  });

  it("never sends another user's entries with this user's session, and sends them when that user is back", async () => {
    const tab = openTab({ database: newDatabase() });
    tab.user.id = "user-2";
    tab.outbox.start();
    const theirs = tab.outbox.write(write("/theirs"), "user-1");
    await tab.outbox.write(write("/mine"), "user-2");
    await settle();
    expect(tab.sent.map((entry) => entry.path)).toEqual(["/mine"]);
    expect(await tab.outbox.pending("user-2")).toEqual([]);
    expect(tab.outbox.getState().waiting).toBe(0);
    tab.user.id = "user-1";
    tab.outbox.userChanged();
    await expect(theirs).resolves.toEqual({ path: "/theirs" });
    expect(tab.sent.map((entry) => entry.path)).toEqual(["/mine", "/theirs"]);
  });

  it("has one sender per browser: another tab's write is sent by the lock's holder, and its writer answered", async () => {
    const database = newDatabase();
    const locks = locksStandIn();
    const channelName = `outbox-${database}`;
    const first = openTab({ database, locks, channelName });
    const second = openTab({ database, locks, channelName });
    first.outbox.start();
    second.outbox.start();
    await settle();
    expect(first.outbox.isSender).toBe(true);
    expect(second.outbox.isSender).toBe(false);

    await expect(second.outbox.write(write("/from-second"), "user-1")).resolves.toEqual({ path: "/from-second" });
    expect(first.sent.map((entry) => entry.path)).toEqual(["/from-second"]);
    expect(second.sent).toEqual([]);
    await settle();
    expect(second.outbox.getState().waiting).toBe(0);

    first.outbox.stop();
    await settle();
    expect(second.outbox.isSender).toBe(true);
    await expect(second.outbox.write(write("/later"), "user-1")).resolves.toEqual({ path: "/later" });
    expect(second.sent.map((entry) => entry.path)).toEqual(["/later"]);
  });

  it("shows every tab the waiting count and a refusal another tab's sender met", async () => {
    const database = newDatabase();
    const locks = locksStandIn();
    const channelName = `outbox-${database}`;
    let isOnline = false;
    const sender = openTab({
      database,
      locks,
      channelName,
      online: () => isOnline,
      answer: () => {
        throw new ApiError(403, "Forbidden", JSON.stringify({ message: "Not yours" }));
      },
    });
    const other = openTab({ database, locks, channelName });
    sender.outbox.start();
    other.outbox.start();
    const refused = other.outbox.write(write("/a"), "user-1");
    await settle();
    expect(other.outbox.getState().waiting).toBe(1);
    expect(sender.outbox.getState().waiting).toBe(1);
    isOnline = true;
    window.dispatchEvent(new Event("online"));
    await expect(refused).rejects.toMatchObject({ status: 403, serverMessage: "Not yours" });
    await settle();
    expect(other.outbox.getState().refused.map((entry) => entry.refusal?.message)).toEqual(["Not yours"]);
  });

  it("without Web Locks, each tab sends", async () => {
    const database = newDatabase();
    const first = openTab({ database });
    const second = openTab({ database });
    first.outbox.start();
    second.outbox.start();
    await expect(first.outbox.write(write("/a"), "user-1")).resolves.toEqual({ path: "/a" });
    expect(first.outbox.isSender && second.outbox.isSender).toBe(true);
  });

  it("rejects a write its store could not keep with an OutboxStorageError, leaving nothing to settle", async () => {
    const store = new OutboxStore(newDatabase());
    vi.spyOn(store, "add").mockRejectedValue(new DOMException("Quota exceeded", "QuotaExceededError"));
    const outbox = new Outbox({ store, clientId: "tab", currentUser: () => "user-1", send: vi.fn(), newKey: () => "key-1" });
    started.push(outbox);
    await expect(outbox.write(write("/a"), "user-1")).rejects.toBeInstanceOf(OutboxStorageError);
  });

  it("goes on sending after its store failed a read", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const tab = openTab({ database: newDatabase() });
    const store = (tab.outbox as unknown as { options: { store: OutboxStore } }).options.store;
    const read = vi.spyOn(store, "oldestWaiting").mockRejectedValueOnce(new DOMException("closed", "InvalidStateError"));
    const answer = tab.outbox.write(write("/a"), "user-1");
    tab.outbox.start();
    await settle();
    expect(tab.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(answer).resolves.toEqual({ path: "/a" });
    expect(read.mock.calls.length).toBeGreaterThan(1);
  });
});
