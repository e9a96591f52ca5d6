// Browser storage bound to the signed-in user, so another account on this browser never reads it (decision 025).

export interface UserItem {
  userId: string;
  value: string;
}

/** Whose values are read and written: the user query's user (session feature), null while unknown. */
let storageUserId: string | null = null;

export function setStorageUser(userId: string | null): void {
  storageUserId = userId;
}

/** The stored text of `value` written for `userId`. */
export function userItemText(userId: string, value: string): string {
  return JSON.stringify({ userId, value } satisfies UserItem);
}

/** A stored text as a user's value; null when it was not written through this module. */
export function parseUserItem(text: string | null): UserItem | null {
  if (text === null) return null;
  try {
    const item: unknown = JSON.parse(text);
    if (item === null || typeof item !== "object") return null;
    const { userId, value } = item as Record<string, unknown>;
    return typeof userId === "string" && typeof value === "string" ? { userId, value } : null;
  } catch {
    return null;
  }
}

/** The signed-in user's value under `key`; null when it is another user's or nobody is known. */
export function readUserItem(key: string): string | null {
  if (storageUserId === null) return null;
  const text = localStorage.getItem(key);
  const item = parseUserItem(text);
  // Written without an owner (an older build's copy, or edited by hand): nobody's, so it goes.
  if (text !== null && item === null) localStorage.removeItem(key);
  return item?.userId === storageUserId ? item.value : null;
}

/** Stores `value` for the signed-in user; nothing while nobody is known. Throws when the browser refuses. */
export function writeUserItem(key: string, value: string): void {
  if (storageUserId === null) return;
  localStorage.setItem(key, userItemText(storageUserId, value));
}

export function removeUserItem(key: string): void {
  localStorage.removeItem(key);
}

/** At logout: removes every user's values and stores none until a user is known again. */
export function clearUserStorage(): void {
  storageUserId = null;
  try {
    const keys: string[] = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key !== null && parseUserItem(localStorage.getItem(key)) !== null) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch (error) {
    console.warn("failed to clear the user's browser storage", error);
  }
}
