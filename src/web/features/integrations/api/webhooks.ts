import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedWebhook, Webhook, WebhookDelivery, WebhookEvent } from "../../../../shared/api/webhooks.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";

export const LOAD_WEBHOOKS_ERROR = "Failed to load your webhooks";
const webhooksQueryKey = ["webhooks"] as const;
const deliveriesQueryKey = (id: string) => ["webhooks", id, "deliveries"] as const;

async function call<T>(url: string, fallback: string, init?: Parameters<typeof apiJson>[1]): Promise<T> {
  try {
    return await apiJson(url, init);
  } catch (error) {
    throw new Error(getErrorMessage(error, fallback), { cause: error });
  }
}

export function useWebhooks() {
  return useQuery(
    queryOptions({ queryKey: webhooksQueryKey, queryFn: () => call<Webhook[]>("/api/webhooks", LOAD_WEBHOOKS_ERROR), staleTime: 0 }),
  );
}

export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: deliveriesQueryKey(id),
    queryFn: () => call<WebhookDelivery[]>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`, "Failed to load the deliveries"),
    staleTime: 0,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { url: string; events: WebhookEvent[] }) =>
      call<CreatedWebhook>("/api/webhooks", "Failed to add the webhook", { method: "POST", json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string; enabled?: boolean; events?: WebhookEvent[] }) =>
      call<Webhook>(`/api/webhooks/${encodeURIComponent(id)}`, "Failed to change the webhook", { method: "PATCH", json: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call<unknown>(`/api/webhooks/${encodeURIComponent(id)}`, "Failed to delete the webhook", { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call<unknown>(`/api/webhooks/${encodeURIComponent(id)}/test`, "Failed to send the test", { method: "POST", json: {} }),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(id) }),
  });
}
