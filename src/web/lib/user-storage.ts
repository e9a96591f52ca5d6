// Browser storage bound to the signed-in user, so another account on this browser never reads it (decision 025).

export interface UserItem {
  userId: string;
  value: string;
}

let storageUserId: string | null = null;
const storageUserListeners = new Set<() => void>();

export function setStorageUser(userId: string | null): void {
  if (userId === storageUserId) return;
  storageUserId = userId;
  for (const listener of storageUserListeners) listener();
}

export function getStorageUser(): string | null {
  return storageUserId;
}

/** The outbox sends and shows only the signed-in user's changes. */
export function subscribeStorageUser(listener: () => void): () => void {
  storageUserListeners.add(listener);
  return () => storageUserListeners.delete(listener);
}

export function userItemText(userId: string, value: string): string {
  return JSON.stringify({ userId, value } satisfies UserItem);
}

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

export function readUserItem(key: string): string | null {
  if (storageUserId === null) return null;
  const text = localStorage.getItem(key);
  const item = parseUserItem(text);
  // Written without an owner (an older build's copy, or edited by hand): nobody's, so it goes.
  if (text !== null && item === null) localStorage.removeItem(key);
  return item?.userId === storageUserId ? item.value : null;
}

export function writeUserItem(key: string, value: string): void {
  if (storageUserId === null) return;
  localStorage.setItem(key, userItemText(storageUserId, value));
}

export function removeUserItem(key: string): void {
  localStorage.removeItem(key);
}

export function clearUserStorage(): void {
  setStorageUser(null);
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
