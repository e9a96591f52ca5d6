// When each notice was last shown, in browser local storage, one key per event (the per-task stall
// marker of spec section 3 is `daywise:notified:stall:<taskId>`), shared by every tab of the app.

const MARKER_PREFIX = "daywise:notified:";
/** Every rule looks back at most a day (the hour, the 5 seconds, "once a day"): older markers go. */
export const MARKER_MAX_AGE_MS = 48 * 60 * 60_000;

export function markerStorageKey(key: string): string {
  return `${MARKER_PREFIX}${key}`;
}

/** The marker's time (epoch ms), or null when there is none or storage cannot be read. */
export function readMarker(key: string): number | null {
  try {
    const raw = localStorage.getItem(markerStorageKey(key));
    if (raw === null) return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeMarker(key: string, value: number): void {
  try {
    localStorage.setItem(markerStorageKey(key), String(value));
  } catch (error) {
    // Without storage a notice may repeat sooner; it is never lost.
    console.warn("failed to save notification marker", error);
  }
}

/** Removes the markers no rule reads any more (older than MARKER_MAX_AGE_MS, or unreadable). */
export function pruneMarkers(now: number): void {
  try {
    const stale: string[] = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const storageKey = localStorage.key(index);
      if (!storageKey?.startsWith(MARKER_PREFIX)) continue;
      const value = Number(localStorage.getItem(storageKey));
      if (!Number.isFinite(value) || now - value > MARKER_MAX_AGE_MS) stale.push(storageKey);
    }
    for (const storageKey of stale) localStorage.removeItem(storageKey);
  } catch {
    // Nothing to tidy without storage.
  }
}
