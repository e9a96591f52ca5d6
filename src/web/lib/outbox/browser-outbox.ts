import { CLIENT_ID_HEADER, CLIENT_SEQ_HEADER } from "../../../shared/api/live-events.ts";
import { apiFetch, nextClientSeq } from "../api-client.ts";
import { clientId, randomUuid } from "../client-id.ts";
import { getStorageUser, subscribeStorageUser } from "../user-storage.ts";
import { OUTBOX_CHANNEL, Outbox, type OutboxLocks, OutboxStorageError } from "./outbox.ts";
import { OutboxStore } from "./store.ts";
import type { OutboxEntry, OutboxState, OutboxWrite } from "./types.ts";

export { OutboxDiscardedError, OutboxStorageError } from "./outbox.ts";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** The key is an sf-string (decision 042), hence the quotes. */
export async function sendEntry(entry: Pick<OutboxEntry, "method" | "path" | "json" | "key" | "clientId" | "seq">): Promise<unknown> {
  const response = await apiFetch(entry.path, {
    method: entry.method,
    ...(entry.json === undefined ? {} : { json: entry.json }),
    headers: {
      [IDEMPOTENCY_KEY_HEADER]: `"${entry.key}"`,
      [CLIENT_ID_HEADER]: entry.clientId,
      [CLIENT_SEQ_HEADER]: String(entry.seq),
    },
  });
  const text = await response.text().catch(() => "");
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

let outbox: Outbox | undefined;

// Null without IndexedDB (a locked-down browser, a test): writes go at once.
function browserOutbox(): Outbox | null {
  if (outbox) return outbox;
  if (typeof indexedDB === "undefined") return null;
  const locks = (navigator as Navigator & { locks?: OutboxLocks }).locks;
  outbox = new Outbox({
    store: new OutboxStore(),
    clientId,
    currentUser: getStorageUser,
    send: sendEntry,
    newKey: randomUuid,
    ...(locks ? { locks } : {}),
    ...(typeof BroadcastChannel === "undefined" ? {} : { channel: new BroadcastChannel(OUTBOX_CHANNEL) }),
    isOnline: () => navigator.onLine,
    nextSeq: nextClientSeq,
  });
  subscribeStorageUser(() => outbox?.userChanged());
  outbox.start();
  return outbox;
}

/** Resolves with the server's answer once it is acknowledged; rejects with an ApiError when refused. */
export async function sendWrite<T>(write: OutboxWrite): Promise<T> {
  const box = browserOutbox();
  const userId = getStorageUser();
  if (box && userId !== null) {
    try {
      return (await box.write(write, userId)) as T;
    } catch (error) {
      // IndexedDB refused to store it (private mode, a full disk): online it can still go at once.
      if (!(error instanceof OutboxStorageError)) throw error;
      console.warn(error.message, error.cause);
    }
  }
  return (await sendEntry({ ...write, key: randomUuid(), clientId, seq: nextClientSeq() })) as T;
}

/** The signed-in user's writes not yet acknowledged, oldest first: a page loaded offline applies them. */
export async function pendingWrites(userId: string | null = getStorageUser()): Promise<OutboxEntry[]> {
  const box = browserOutbox();
  return box && userId !== null ? box.pending(userId) : [];
}

export async function retryWrite(key: string): Promise<void> {
  await browserOutbox()?.retry(key);
}

export async function discardWrite(key: string): Promise<void> {
  await browserOutbox()?.discard(key);
}

export async function forgetUserWrites(userId: string): Promise<void> {
  await browserOutbox()?.forget(userId);
}

const NO_OUTBOX_STATE: OutboxState = { waiting: 0, refused: [] };

export function subscribeOutbox(listener: () => void): () => void {
  return browserOutbox()?.subscribe(listener) ?? (() => undefined);
}

export function getOutboxState(): OutboxState {
  return browserOutbox()?.getState() ?? NO_OUTBOX_STATE;
}
