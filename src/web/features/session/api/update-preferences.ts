import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User, UserPreferences } from "../../../../shared/api/user.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { userQueryKey } from "./get-user.ts";

export async function updatePreferences(preferences: UserPreferences): Promise<User> {
  return apiJson<User>("/api/user/preferences", { method: "PATCH", json: preferences });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (user) => {
      queryClient.setQueryData<User | null>(userQueryKey, user);
    },
  });
}
