// The account was deleted on another device (issue 56): this tab keeps nothing of it and says so.
import type { QueryClient } from "@tanstack/react-query";
import { saveFlashToast } from "../../../components/ui/flash-toast.ts";
import { apiFetch, reloadSignedOut } from "../../../lib/api-client.ts";
import { forgetUserWrites } from "../../../lib/outbox/index.ts";
import { clearUserStorage, getStorageUser } from "../../../lib/user-storage.ts";

export const ACCOUNT_DELETED_TOAST = {
  title: "This account was deleted",
  description: "It was deleted on another device, with all of its data; nothing of it is kept here.",
};

export async function forgetDeletedAccount(queryClient: QueryClient): Promise<void> {
  const userId = getStorageUser();
  queryClient.clear();
  await Promise.all([
    userId === null ? undefined : forgetUserWrites(userId).catch(() => undefined),
    // An /auth/ call clears the session cookies and makes the service worker drop its kept pages (decision 018).
    apiFetch("/auth/logout", { method: "POST", refreshOn401: false }).catch(() => undefined),
  ]);
  clearUserStorage();
  saveFlashToast(ACCOUNT_DELETED_TOAST);
  reloadSignedOut();
}
