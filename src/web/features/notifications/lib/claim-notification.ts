// One event must be notified once across tabs: a Web Lock named after it makes the marker's check and update one step;
// the winner holds it a little longer so that its marker write reaches the other tabs' storage.
import { readMarker, writeMarker } from "./notification-markers.ts";

export const CLAIM_HOLD_MS = 2_000;
const LOCK_PREFIX = "daywise-notification:";

export interface ClaimRequest {
  key: string;
  shouldNotify: (marker: number | null) => boolean;
  markerValue: number;
  onClaimed: () => void;
}

function decide({ key, shouldNotify, markerValue, onClaimed }: ClaimRequest): boolean {
  if (!shouldNotify(readMarker(key))) return false;
  writeMarker(key, markerValue);
  onClaimed();
  return true;
}

/** A tab that finds the lock held skips the event: the holder is deciding it, and the next evaluation asks again. */
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
