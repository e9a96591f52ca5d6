import { useMutation } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast.ts";
import { saveFlashToast } from "../../../components/ui/flash-toast.ts";
import { apiFetch, reloadSignedOut } from "../../../lib/api-client.ts";
import { clearUserStorage } from "../../../lib/user-storage.ts";

const loggedOutToast = { title: "Logged out", description: "You have been successfully logged out." };

export async function logout(): Promise<void> {
  await apiFetch("/auth/logout", { method: "POST" });
}

/** The user's browser storage goes so that the next account here does not find it; the toast shows again after the reload. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      toast(loggedOutToast);
      clearUserStorage();
      saveFlashToast(loggedOutToast);
      reloadSignedOut();
    },
    onError: (error) => {
      console.error("Logout failed", error);
      toast({ variant: "destructive", title: "Logout failed", description: "There was an error logging you out." });
    },
  });
}
