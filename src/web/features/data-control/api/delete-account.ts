import { useMutation } from "@tanstack/react-query";
import { saveFlashToast } from "../../../components/ui/flash-toast.ts";
import { apiFetch, reloadSignedOut } from "../../../lib/api-client.ts";
import { clearUserStorage } from "../../../lib/user-storage.ts";

/** DELETE /api/user: every row of the account's; the server clears the session's cookies. */
export async function deleteAccount(confirmEmail: string): Promise<void> {
  await apiFetch("/api/user", { method: "DELETE", json: { confirmEmail } });
}

/** Signed out like a logout: the browser's copies go, and the reload shows the welcome screen. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearUserStorage();
      saveFlashToast({ title: "Account deleted", description: "Your account and all of its data have been deleted." });
      reloadSignedOut();
    },
  });
}
