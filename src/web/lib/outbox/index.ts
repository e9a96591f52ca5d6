// The outbox's face to the features (decision 043). Its code and IndexedDB's wrapper load with the first write,
// or once the banner asks for the count, not with the first paint (decision 013).
import { useSyncExternalStore } from "react";
import type * as BrowserOutboxModule from "./browser-outbox.ts";
import type { OutboxEntry, OutboxState, OutboxWrite } from "./types.ts";

export type { OutboxEntry, OutboxState, OutboxWrite } from "./types.ts";

type BrowserOutbox = typeof BrowserOutboxModule;

let loaded: BrowserOutbox | undefined;
let loading: Promise<BrowserOutbox> | undefined;
const waitingForLoad = new Set<() => void>();

function outbox(): Promise<BrowserOutbox> {
  loading ??= import("./browser-outbox.ts").then(
    (module) => {
      loaded = module;
      for (const listener of waitingForLoad) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Loads the outbox's code ahead of the first write (the tests, which read a write's request right after the click). */
export async function preloadOutbox(): Promise<void> {
  await outbox();
}

/** Resolves with the server's answer once it is acknowledged; rejects with an ApiError when refused. */
export async function sendWrite<T>(write: OutboxWrite): Promise<T> {
  return (await outbox()).sendWrite<T>(write);
}

/** The signed-in user's writes not yet acknowledged, oldest first: a page loaded offline applies them. */
export async function pendingWrites(userId?: string | null): Promise<OutboxEntry[]> {
  return (await outbox()).pendingWrites(userId);
}

export async function retryWrite(key: string): Promise<void> {
  await (await outbox()).retryWrite(key);
}

export async function discardWrite(key: string): Promise<void> {
  await (await outbox()).discardWrite(key);
}

export async function forgetUserWrites(userId: string): Promise<void> {
  await (await outbox()).forgetUserWrites(userId);
}

const NO_OUTBOX_STATE: OutboxState = { waiting: 0, refused: [] };

function subscribe(listener: () => void): () => void {
  let unsubscribe: (() => void) | undefined;
  let isSubscribed = true;
  const attach = () => {
    if (!isSubscribed || unsubscribe || !loaded) return;
    unsubscribe = loaded.subscribeOutbox(listener);
    listener();
  };
  waitingForLoad.add(attach);
  attach();
  if (!loaded) void outbox().catch(() => undefined);
  return () => {
    isSubscribed = false;
    waitingForLoad.delete(attach);
    unsubscribe?.();
  };
}

function getState(): OutboxState {
  return loaded?.getOutboxState() ?? NO_OUTBOX_STATE;
}

export function useOutboxState(): OutboxState {
  return useSyncExternalStore(subscribe, getState, () => NO_OUTBOX_STATE);
}
