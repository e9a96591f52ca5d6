// One change stream per tab (decision 038): events refetch the active queries of what changed, coalesced
// (one round in flight, one trailing, rounds a second apart: decision 064), never while a drag or a write
// of this tab is under way, and never for this tab's own writes (named by its client id).
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import {
  ACCOUNT_DELETED_EVENT,
  CHANGE_EVENT,
  type ChangeEvent,
  type ChangeKind,
  LIVE_EVENTS_PATH,
  SINCE_PARAM,
} from "../../../../shared/api/live-events.ts";
import { pageData, refreshSession } from "../../../lib/api-client.ts";
import { dropBootAnswers } from "../../../lib/boot-answers.ts";
import { clientId } from "../../../lib/client-id.ts";
import { isKeptPage } from "../../../lib/online.ts";
import { dependentsOfAll } from "../../../lib/query-dependents.ts";
import { forgetDeletedAccount } from "./account-deleted.ts";

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
const BUSY_RECHECK_MS = 250;
/** While events keep arriving, a query is refetched at most once a second. */
export const REFETCH_GAP_MS = 1_000;
const DRAGGED_CARD = '[aria-roledescription="draggable"][aria-pressed="true"]';

export function startLiveUpdates(queryClient: QueryClient): () => void {
  // The installed app's kept copy offline stays as it was loaded (decision 018).
  if (isKeptPage()) return () => undefined;
  // What the next refetch round will ask for; a burst of events adds to it rather than to the requests.
  let dirty = new Set<ChangeKind>();
  // From the page's first read: a change made before the stream opened is still heard.
  let lastVersion = pageData.firstVersion;
  let source: EventSource | undefined;
  let retryMs = FIRST_RETRY_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let next: ReturnType<typeof setTimeout> | undefined;
  let isRefetching = false;
  let lastRoundAt = -Infinity;
  let isDown = false;
  let isNativeDrag = false;
  let isStopped = false;

  const refetch = (keys: readonly QueryKey[]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const refetchAll = () => void refetch(dependentsOfAll(["all"]));

  // A refetch while this tab's write is under way would answer without it and undo its optimistic change.
  const isBusy = () => isNativeDrag || queryClient.isMutating() > 0 || document.querySelector(DRAGGED_CARD) !== null;

  function scheduleRound(): void {
    if (isRefetching || next !== undefined || dirty.size === 0 || isStopped) return;
    next = setTimeout(runRound, Math.max(0, lastRoundAt + REFETCH_GAP_MS - Date.now()));
  }

  function runRound(): void {
    next = undefined;
    if (dirty.size === 0) return;
    if (isBusy()) {
      next = setTimeout(runRound, BUSY_RECHECK_MS);
      return;
    }
    const keys = dependentsOfAll(dirty);
    dirty = new Set();
    isRefetching = true;
    lastRoundAt = Date.now();
    void refetch(keys)
      .catch(() => undefined)
      .finally(() => {
        isRefetching = false;
        scheduleRound();
      });
  }

  function heard(event: ChangeEvent): void {
    if (event.clientId === clientId || event.kinds.length === 0) return;
    // The page's boot answers predate the change: a query mounted later must not take them.
    dropBootAnswers();
    for (const kind of event.kinds) dirty.add(kind);
    scheduleRound();
  }

  function setDown(down: boolean): void {
    if (down === isDown) return;
    isDown = down;
    // Without the stream, what another device changed shows when the person comes back to the tab.
    if (down) window.addEventListener("focus", refetchAll);
    else window.removeEventListener("focus", refetchAll);
  }

  function connect(): void {
    retry = undefined;
    if (isStopped) return;
    const since = lastVersion === undefined ? "" : `?${SINCE_PARAM}=${lastVersion}`;
    const next = new EventSource(`${LIVE_EVENTS_PATH}${since}`, { withCredentials: true });
    source = next;
    next.addEventListener(CHANGE_EVENT, (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as ChangeEvent;
      lastVersion = Math.max(lastVersion ?? 0, event.version);
      heard(event);
    });
    next.addEventListener(ACCOUNT_DELETED_EVENT, () => {
      stop();
      void forgetDeletedAccount(queryClient);
    });
    next.onopen = () => {
      retryMs = FIRST_RETRY_MS;
      // Back without a version to start from: what changed meanwhile is unknown.
      if (isDown && since === "") refetchAll();
      setDown(false);
    };
    next.onerror = () => {
      setDown(true);
      // EventSource retries a dropped stream itself, but not a refused one (an expired access cookie, a restart's 503).
      if (next.readyState !== EventSource.CLOSED || source !== next) return;
      next.close();
      retry = setTimeout(() => void refreshSession().finally(connect), retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
  }

  const dragStarted = () => (isNativeDrag = true);
  const dragEnded = () => (isNativeDrag = false);
  window.addEventListener("dragstart", dragStarted, true);
  window.addEventListener("dragend", dragEnded, true);
  window.addEventListener("drop", dragEnded, true);
  connect();

  function stop(): void {
    isStopped = true;
    source?.close();
    source = undefined;
    clearTimeout(retry);
    clearTimeout(next);
    setDown(false);
    window.removeEventListener("dragstart", dragStarted, true);
    window.removeEventListener("dragend", dragEnded, true);
    window.removeEventListener("drop", dragEnded, true);
  }
  return stop;
}
