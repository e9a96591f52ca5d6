// The signed-in user's, shared by every tab; `daywise:notified:stall:<taskId>` is the spec's stall marker.
import { readUserItem, removeUserItem, writeUserItem } from "../../../lib/user-storage.ts";

const MARKER_PREFIX = "daywise:notified:";
/** Every rule looks back at most a day, so older markers go. */
export const MARKER_MAX_AGE_MS = 48 * 60 * 60_000;

export function markerStorageKey(key: string): string {
  return `${MARKER_PREFIX}${key}`;
}

export function readMarker(key: string): number | null {
  try {
    const raw = readUserItem(markerStorageKey(key));
    if (raw === null) return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeMarker(key: string, value: number): void {
  try {
    writeUserItem(markerStorageKey(key), String(value));
  } catch (error) {
    // Without storage a notice may repeat sooner; it is never lost.
    console.warn("failed to save notification marker", error);
  }
}

export function pruneMarkers(now: number): void {
  try {
    const markerKeys: string[] = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const storageKey = localStorage.key(index);
      if (storageKey?.startsWith(MARKER_PREFIX)) markerKeys.push(storageKey);
    }
    for (const storageKey of markerKeys) {
      const raw = readUserItem(storageKey);
      const value = raw === null ? Number.NaN : Number(raw);
      if (!Number.isFinite(value) || now - value > MARKER_MAX_AGE_MS) removeUserItem(storageKey);
    }
  } catch {
    // Nothing to tidy without storage.
  }
}
