import { useMutation } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast.ts";
import { saveFlashToast } from "../../../components/ui/flash-toast.ts";
import { apiFetch, browserNavigation, stopBackgroundRefresh } from "../../../lib/api-client.ts";
import { clearUserStorage } from "../../../lib/user-storage.ts";

const loggedOutToast = { title: "Logged out", description: "You have been successfully logged out." };

/** POST /auth/logout: ends the session on the server. */
export async function logout(): Promise<void> {
  await apiFetch("/auth/logout", { method: "POST" });
}

/**
 * Spec sections 4 and 8: on success a toast, the background refresh flag cleared, the user's
 * browser storage removed (the next account on this browser must not find it) and a page reload
 * (the toast is shown again after the reload, or nobody would see it); on failure a destructive
 * toast.
 */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      toast(loggedOutToast);
      stopBackgroundRefresh();
      clearUserStorage();
      saveFlashToast(loggedOutToast);
      browserNavigation.reload();
    },
    onError: (error) => {
      console.error("Logout failed", error);
      toast({ variant: "destructive", title: "Logout failed", description: "There was an error logging you out." });
    },
  });
}
