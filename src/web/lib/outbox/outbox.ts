import { ApiError } from "../api-client.ts";
import type { NewEntry, OutboxStore } from "./store.ts";
import type { OutboxEntry, OutboxState, OutboxWrite } from "./types.ts";

export const OUTBOX_LOCK = "daywise-outbox";
export const OUTBOX_CHANNEL = "daywise-outbox";
export const FIRST_RETRY_MS = 1_000;
export const LONGEST_RETRY_MS = 30_000;
/** The waiting count is read at most this often: during a flush each new count would be a render and an announcement. */
export const STATE_READ_GAP_MS = 250;

export type OutboxMessage =
  | { type: "stored" }
  | { type: "changed" }
  | { type: "answered"; key: string; body: unknown }
  | { type: "refused"; key: string; status: number; statusText: string; body: string };

export interface OutboxChannel {
  postMessage(message: OutboxMessage): void;
  addEventListener(type: "message", listener: (event: MessageEvent<OutboxMessage>) => void): void;
  close(): void;
}

export interface OutboxLocks {
  request(name: string, callback: () => Promise<void>): Promise<unknown>;
}

export interface OutboxOptions {
  store: OutboxStore;
  clientId: string;
  currentUser: () => string | null;
  send: (entry: OutboxEntry) => Promise<unknown>;
  newKey: () => string;
  locks?: OutboxLocks;
  channel?: OutboxChannel;
  now?: () => number;
  events?: EventTarget;
  isOnline?: () => boolean;
  /** The X-Client-Seq of a write sent before it is stored (its stored seq is not known yet). */
  nextSeq?: () => number;
  stateReadGapMs?: number;
}

interface Settler {
  resolve: (body: unknown) => void;
  reject: (error: unknown) => void;
}

const EMPTY_STATE: OutboxState = { waiting: 0, refused: [] };

export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const { status } = error;
  if (status === 409) return error.retryAfter !== null;
  // 401: the session could not be refreshed; the entry waits for its user to sign in again.
  return status >= 500 || status === 408 || status === 429 || status === 401;
}

export class OutboxDiscardedError extends Error {
  override readonly name = "OutboxDiscardedError";
}

export class OutboxStorageError extends Error {
  override readonly name = "OutboxStorageError";
}

export class Outbox {
  private readonly settlers = new Map<string, Settler>();
  private readonly listeners = new Set<() => void>();
  private readonly stopWaits = new Set<() => void>();
  private state: OutboxState = EMPTY_STATE;
  private stateRead: Promise<void> | undefined;
  private isStateStale = false;
  private lastStateReadAt = -Infinity;
  private endStateGap: (() => void) | undefined;
  private hasNews = true;
  private wakeIdle: (() => void) | undefined;
  private isStopped = false;
  private isStarted = false;
  private isIdle = false;
  private sendingAtOnce: Promise<void> | undefined;
  private knownNext: { userId: string; entry: OutboxEntry | undefined } | undefined;
  isSender = false;

  constructor(private readonly options: OutboxOptions) {
    options.channel?.addEventListener("message", (event) => this.onMessage(event.data));
  }

  start(): void {
    if (this.isStarted) return;
    this.isStarted = true;
    void this.refreshState();
    const { locks } = this.options;
    if (locks) {
      locks
        .request(OUTBOX_LOCK, () => this.runSender())
        .catch((error: unknown) => {
          console.warn("The outbox could not take the sender's lock", error);
        });
    } else {
      void this.runSender();
    }
  }

  stop(): void {
    this.isStopped = true;
    this.wake();
    this.endStateGap?.();
    for (const stopWait of [...this.stopWaits]) stopWait();
    this.options.channel?.close();
  }

  async write(write: OutboxWrite, userId: string): Promise<unknown> {
    const key = this.options.newKey();
    const answer = new Promise<unknown>((resolve, reject) => this.settlers.set(key, { resolve, reject }));
    const { method, path, label } = write;
    const entry: NewEntry = {
      method,
      path,
      label,
      ...(write.json === undefined ? {} : { json: write.json }),
      key,
      clientId: this.options.clientId,
      userId,
      createdAt: (this.options.now ?? Date.now)(),
      attempts: 0,
      state: "waiting",
    };
    const stored = this.options.store.add(entry);
    // Nothing else waits to be sent: this one goes at once, beside its storing, so a drop is saved without
    // waiting for IndexedDB; the sender waits for its answer before sending anything else.
    const goesAtOnce = this.isSender && this.isIdle && !this.sendingAtOnce && (this.options.isOnline?.() ?? true);
    if (goesAtOnce) this.sendingAtOnce = this.sendAtOnce({ ...entry, seq: this.options.nextSeq?.() ?? 0 }, stored);
    try {
      await stored;
    } catch (error) {
      if (goesAtOnce) return answer;
      this.settlers.delete(key);
      throw new OutboxStorageError("The change could not be stored", { cause: error });
    }
    this.told({ type: "stored" });
    return answer;
  }

  private async sendAtOnce(entry: OutboxEntry, stored: Promise<OutboxEntry>): Promise<void> {
    const isStored = stored.then(
      () => true,
      () => false,
    );
    try {
      let body: unknown;
      try {
        body = await this.options.send(entry);
      } catch (error) {
        if (!(await isStored)) this.settle(entry.key, (settler) => settler.reject(error));
        // Stored and transient: it waits in the store like any other, under the same key.
        else if (!isTransientFailure(error)) await this.refuse(entry, error as ApiError);
        return;
      }
      if (await isStored) await this.options.store.delete(entry.key);
      this.told({ type: "answered", key: entry.key, body });
    } catch (error) {
      console.warn("The outbox could not write its store", error);
    } finally {
      this.sendingAtOnce = undefined;
      this.wake();
    }
  }

  async pending(userId: string): Promise<OutboxEntry[]> {
    const entries = await this.options.store.all();
    return entries.filter((entry) => entry.userId === userId && entry.state === "waiting");
  }

  // A new key: the server keeps the refusal under the old one. A client id no tab has: every tab refreshes from the echo.
  async retry(key: string): Promise<void> {
    const { newKey } = this.options;
    await this.options.store.update(key, (entry) => ({
      ...entry,
      key: newKey(),
      clientId: newKey(),
      attempts: 0,
      state: "waiting",
    }));
    this.told({ type: "changed" });
  }

  async discard(key: string): Promise<void> {
    await this.options.store.delete(key);
    this.settlers.get(key)?.reject(new OutboxDiscardedError("The change was discarded before it was sent."));
    this.settlers.delete(key);
    this.told({ type: "changed" });
  }

  /** Every write a deleted account left here, waiting or refused: none may be sent or shown again. */
  async forget(userId: string): Promise<void> {
    for (const entry of await this.options.store.all()) {
      if (entry.userId !== userId) continue;
      await this.options.store.delete(entry.key);
      this.settlers.get(entry.key)?.reject(new OutboxDiscardedError("The account was deleted."));
      this.settlers.delete(entry.key);
    }
    this.told({ type: "changed" });
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getState(): OutboxState {
    return this.state;
  }

  userChanged(): void {
    this.wake();
    void this.refreshState();
  }

  /** One read at a time, and one more for whatever changed meanwhile: changes that come faster than the gap share a read. */
  refreshState(): Promise<void> {
    if (this.stateRead) {
      this.isStateStale = true;
      return this.stateRead;
    }
    this.stateRead = (async () => {
      const now = this.options.now ?? Date.now;
      do {
        const wait = this.lastStateReadAt + (this.options.stateReadGapMs ?? STATE_READ_GAP_MS) - now();
        if (wait > 0) await this.stateGap(wait);
        if (this.isStopped) return;
        this.isStateStale = false;
        this.lastStateReadAt = now();
        await this.readState();
      } while (this.isStateStale);
    })().finally(() => (this.stateRead = undefined));
    return this.stateRead;
  }

  private stateGap(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.endStateGap = done;
    }).finally(() => (this.endStateGap = undefined));
  }

  private async readState(): Promise<void> {
    const userId = this.options.currentUser();
    const entries = userId === null ? [] : (await this.options.store.all()).filter((entry) => entry.userId === userId);
    // A refused change sent again stays listed, as waiting, until its new answer.
    const refused = entries.filter((entry) => entry.refusal !== undefined);
    const waiting = entries.filter((entry) => entry.state === "waiting").length;
    if (waiting === this.state.waiting && sameEntries(refused, this.state.refused)) return;
    this.state = { waiting, refused };
    for (const listener of this.listeners) listener();
  }

  private told(message: OutboxMessage): void {
    this.options.channel?.postMessage(message);
    this.onMessage(message);
  }

  private onMessage(message: OutboxMessage): void {
    if (message.type === "answered") this.settle(message.key, (settler) => settler.resolve(message.body));
    if (message.type === "refused") {
      const error = new ApiError(message.status, message.statusText, message.body);
      this.settle(message.key, (settler) => settler.reject(error));
    }
    if (message.type === "stored" || message.type === "changed") this.wake();
    void this.refreshState();
  }

  private settle(key: string, how: (settler: Settler) => void): void {
    const settler = this.settlers.get(key);
    if (!settler) return;
    this.settlers.delete(key);
    how(settler);
  }

  private async runSender(): Promise<void> {
    this.isSender = true;
    let failures = 0;
    while (!this.isStopped) {
      try {
        failures = await this.sendNext(failures);
      } catch (error) {
        // A store that fails (a full disk, a database closed under us) delays the sending; it does not end it.
        console.warn("The outbox could not read or write its store", error);
        await this.pause(LONGEST_RETRY_MS);
      }
    }
    this.isSender = false;
  }

  /** Returns the count of transient failures in a row, for the back-off. */
  private async sendNext(failures: number): Promise<number> {
    if (this.sendingAtOnce) await this.sendingAtOnce;
    const known = this.hasNews ? undefined : this.knownNext;
    this.knownNext = undefined;
    this.hasNews = false;
    const userId = this.options.currentUser();
    const entry = userId === null ? undefined : known?.userId === userId ? known.entry : await this.options.store.oldestWaiting(userId);
    if (this.isStopped) return failures;
    if (!entry) {
      await this.idle();
      return failures;
    }
    if (!(this.options.isOnline?.() ?? true)) {
      await this.pause(undefined);
      return failures;
    }
    let body: unknown;
    try {
      body = await this.options.send(entry);
    } catch (error) {
      if (!isTransientFailure(error)) {
        await this.refuse(entry, error as ApiError);
        return 0;
      }
      await this.options.store.update(entry.key, (stored) => ({ ...stored, attempts: stored.attempts + 1 }));
      await this.pause(Math.min(FIRST_RETRY_MS * 2 ** failures, LONGEST_RETRY_MS));
      return failures + 1;
    }
    const next = await this.options.store.deleteAndFindNext(entry.key, entry.userId);
    this.knownNext = { userId: entry.userId, entry: next };
    this.told({ type: "answered", key: entry.key, body });
    if (!next) this.endStateGap?.();
    return 0;
  }

  private async refuse(entry: OutboxEntry, error: ApiError): Promise<void> {
    const refusal = { status: error.status, message: error.serverMessage ?? error.statusText };
    await this.options.store.update(entry.key, (stored) => ({
      ...stored,
      attempts: stored.attempts + 1,
      state: "refused",
      refusal,
    }));
    this.told({ type: "refused", key: entry.key, status: error.status, statusText: error.statusText, body: error.body });
  }

  private wake(): void {
    this.hasNews = true;
    const wakeIdle = this.wakeIdle;
    this.wakeIdle = undefined;
    wakeIdle?.();
  }

  private idle(): Promise<void> {
    if (this.hasNews || this.isStopped) return Promise.resolve();
    this.isIdle = true;
    return new Promise((resolve) => {
      this.wakeIdle = () => {
        this.isIdle = false;
        resolve();
      };
    });
  }

  private pause(ms: number | undefined): Promise<void> {
    const events = this.options.events ?? window;
    if (this.isStopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        events.removeEventListener("online", done);
        this.stopWaits.delete(done);
        resolve();
      };
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      events.addEventListener("online", done);
      this.stopWaits.add(done);
    });
  }
}

function sameEntries(left: readonly OutboxEntry[], right: readonly OutboxEntry[]): boolean {
  return (
    left.length === right.length &&
    left.every(
      (entry, index) =>
        entry.key === right[index]?.key && entry.state === right[index].state && entry.refusal?.message === right[index].refusal?.message,
    )
  );
}
