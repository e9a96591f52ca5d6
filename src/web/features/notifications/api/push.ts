import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PushSettings, PushSubscriptionView, UpdatePushSettingsBody } from "../../../../shared/api/push.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";

const devicesQueryKey = ["push", "subscriptions"] as const;
const settingsQueryKey = ["push", "settings"] as const;

async function call<T>(url: string, fallback: string, init?: Parameters<typeof apiJson>[1]): Promise<T> {
  try {
    return await apiJson(url, init);
  } catch (error) {
    throw new Error(getErrorMessage(error, fallback), { cause: error });
  }
}

export function usePushDevices() {
  return useQuery(
    queryOptions({
      queryKey: devicesQueryKey,
      queryFn: () => call<PushSubscriptionView[]>("/api/push/subscriptions", "Failed to load your devices"),
      staleTime: 0,
    }),
  );
}

export function usePushSettings() {
  return useQuery(
    queryOptions({
      queryKey: settingsQueryKey,
      queryFn: () => call<PushSettings>("/api/push/settings", "Failed to load the push settings"),
    }),
  );
}

export const fetchVapidPublicKey = async (): Promise<string> =>
  (await call<{ publicKey: string }>("/api/push/vapid-public-key", "Failed to reach the server")).publicKey;

export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscription: PushSubscriptionJSON) =>
      call<PushSubscriptionView>("/api/push/subscriptions", "Failed to add this device", { method: "POST", json: subscription }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call<unknown>(`/api/push/subscriptions/${encodeURIComponent(id)}`, "Failed to remove the device", { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}

export function useSendTestPush() {
  return useMutation({
    mutationFn: () => call<{ devices: number }>("/api/push/test", "Failed to send the test", { method: "POST", json: {} }),
  });
}

export function useUpdatePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdatePushSettingsBody) =>
      call<PushSettings>("/api/push/settings", "Failed to save the push settings", { method: "PATCH", json: changes }),
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
