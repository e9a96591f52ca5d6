// Several open tabs run the engine on their own data; one event must be notified once. Each tab
// decides under a Web Lock named after the event, so the check of the marker and its update are
// one step across tabs. The winner keeps the lock a little longer, until its marker write has
// reached the other tabs' storage (milliseconds), so a tab that asks next reads it.
import { readMarker, writeMarker } from "./notification-markers.ts";

export const CLAIM_HOLD_MS = 2_000;
const LOCK_PREFIX = "daywise-notification:";

export interface ClaimRequest {
  key: string;
  /** The rule, given the event's marker (null: none). */
  shouldNotify: (marker: number | null) => boolean;
  /** What the marker becomes when this tab notifies. */
  markerValue: number;
  /** Runs at once in the winning tab, under the lock. */
  onClaimed: () => void;
}

function decide({ key, shouldNotify, markerValue, onClaimed }: ClaimRequest): boolean {
  if (!shouldNotify(readMarker(key))) return false;
  writeMarker(key, markerValue);
  onClaimed();
  return true;
}

/**
 * Notifies the event if its rule says so and no other tab is doing it now. A tab that finds the
 * lock held skips the event: the holder is notifying it (or has just decided not to; the next
 * evaluation asks again). Without Web Locks (older browsers) the marker alone de-duplicates.
 */
export async function claimNotification(request: ClaimRequest): Promise<boolean> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return decide(request);
  let hasDecided = false;
  try {
    return await locks.request(`${LOCK_PREFIX}${request.key}`, { ifAvailable: true }, async (lock) => {
      if (!lock) return false;
      hasDecided = true;
      const claimed = decide(request);
      if (claimed) await new Promise((resolve) => setTimeout(resolve, CLAIM_HOLD_MS));
      return claimed;
    });
  } catch (error) {
    // A refused lock (a sandboxed frame, say): the marker alone de-duplicates.
    if (hasDecided) throw error;
    console.warn("Notification lock unavailable", error);
    return decide(request);
  }
}
