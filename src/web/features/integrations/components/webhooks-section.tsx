import { Loader2, Send, Webhook as WebhookIcon } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH, type WebhookEvent } from "../../../../shared/api/webhook-limits.ts";
import type { CreatedWebhook, Webhook } from "../../../../shared/api/webhooks.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { SettingsSection } from "../../../components/ui/settings-section.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { neighbourControl, useFocusAfterClose } from "../../../components/ui/use-focus-after-close.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import {
  useCreateWebhook,
  useDeleteWebhook,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from "../api/webhooks.ts";
import { CopyButton } from "./copy-button.tsx";

const EVENT_LABELS: Record<WebhookEvent, string> = {
  "task.created": "Task created",
  "task.updated": "Task updated",
  "task.completed": "Task completed",
  "task.deleted": "Task deleted",
  "day.closed": "Day closed",
  "goal.changed": "Goal changed",
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function WebhooksSection() {
  const urlId = useId();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["task.created", "task.completed"]);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const copySecret = useRef<HTMLButtonElement>(null);
  useEffect(() => copySecret.current?.focus(), [created]);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (webhook) => {
          setCreated(webhook);
          setUrl("");
        },
      },
    );
  }
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? WEBHOOK_EVENTS.filter((e) => e === event || current.includes(e)) : current.filter((e) => e !== event)));

  return (
    <SettingsSection
      title="Webhooks"
      description="Tell an automation (n8n, Zapier, Make, your own server) when your tasks, days and goals change. Each delivery is signed the Standard Webhooks way."
    >
      <form onSubmit={submit} aria-label="Add a webhook" className="grid gap-3 py-4">
        <div className="grid gap-1.5">
          <Label htmlFor={urlId}>Address</Label>
          <Input
            id={urlId}
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://automation.example.com/hooks/daywise"
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            required
          />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Events</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={events.includes(event)}
                  onChange={(change) => toggle(event, change.target.checked)}
                />
                {EVENT_LABELS[event]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <Button type="submit" disabled={create.isPending || url.trim() === "" || events.length === 0}>
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <WebhookIcon aria-hidden="true" />}
            Add webhook
          </Button>
        </div>
        {create.error ? <FormError>{create.error.message}</FormError> : null}
      </form>
      {created ? (
        <div role="status" className="grid grid-cols-1 gap-2 py-4">
          <p className="text-sm font-medium">Copy the signing secret for {created.url} now: it will not be shown again.</p>
          <div className="flex items-center gap-2">
            <code aria-label="Signing secret" className="min-w-0 flex-1 truncate rounded-md border bg-muted px-3 py-2 font-mono text-sm">
              {created.secret}
            </code>
            <CopyButton ref={copySecret} text={created.secret} label="Copy secret" />
          </div>
        </div>
      ) : null}
      <div className="py-4">
        {webhooks.isError ? (
          <FormError>{webhooks.error.message}</FormError>
        ) : !webhooks.data ? (
          <Skeleton className="h-16 w-full" />
        ) : webhooks.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No webhooks yet.</p>
        ) : (
          <ul aria-label="Your webhooks" className="grid gap-2">
            {webhooks.data.map((webhook) => (
              <WebhookRow key={webhook.id} webhook={webhook} />
            ))}
          </ul>
        )}
      </div>
    </SettingsSection>
  );
}

function WebhookRow({ webhook }: { webhook: Webhook }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const row = useRef<HTMLLIElement>(null);
  const focusAfterClose = useFocusAfterClose();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const sendTest = useTestWebhook();
  const deliveriesId = useId();
  return (
    <li ref={row} aria-label={webhook.url} className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <p className="flex items-center gap-2 font-medium">
            <span className="truncate">{webhook.url}</span>
            {webhook.enabled ? <Badge variant="success">Active</Badge> : <Badge variant="destructive">Disabled</Badge>}
          </p>
          <p className="text-xs text-muted-foreground">
            {webhook.events.map((event) => EVENT_LABELS[event]).join(" · ")} · Added {when(webhook.createdAt)}
          </p>
          {webhook.disabledReason ? <p className="text-sm text-destructive">{webhook.disabledReason}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {!webhook.enabled ? (
            <Button
              variant="outline"
              size="sm"
              disabled={update.isPending}
              onClick={() =>
                update.mutate(
                  { id: webhook.id, enabled: true },
                  { onError: (error) => toast({ title: "Turning on failed", description: error.message, variant: "destructive" }) },
                )
              }
            >
              Turn on
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            disabled={sendTest.isPending || !webhook.enabled}
            onClick={() =>
              sendTest.mutate(webhook.id, {
                onSuccess: () => {
                  setShowDeliveries(true);
                  toast({ title: "Test queued", description: "It shows under Deliveries once sent." });
                },
                onError: (error) => toast({ title: "Test failed", description: error.message, variant: "destructive" }),
              })
            }
          >
            <Send aria-hidden="true" />
            Send test
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showDeliveries}
            aria-controls={deliveriesId}
            onClick={() => setShowDeliveries((shown) => !shown)}
          >
            Deliveries
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={remove.isPending}>
            Delete
          </Button>
        </div>
      </div>
      <div id={deliveriesId}>{showDeliveries ? <Deliveries webhookId={webhook.id} /> : null}</div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this webhook?"
        description={`${webhook.url} gets no more events, and its deliveries are forgotten. This cannot be undone.`}
        action="Delete"
        onCloseAutoFocus={focusAfterClose.onCloseAutoFocus}
        onConfirm={() => {
          focusAfterClose.set(neighbourControl(row.current, "button"));
          remove.mutate(webhook.id, {
            onSuccess: () => toast({ title: "Webhook deleted" }),
            onError: (error) => toast({ title: "Delete failed", description: error.message, variant: "destructive" }),
          });
        }}
      />
    </li>
  );
}

function Deliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  if (deliveries.isError) return <FormError>{deliveries.error.message}</FormError>;
  if (!deliveries.data) return <Skeleton className="h-10 w-full" />;
  if (deliveries.data.length === 0) return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  return (
    <div className="grid gap-2">
      <ul aria-label="Last deliveries" className="grid gap-1 text-sm">
        {deliveries.data.map((delivery) => (
          <li key={delivery.id} className="flex flex-wrap items-center gap-2">
            <Badge variant={delivery.status === "succeeded" ? "success" : delivery.status === "failed" ? "destructive" : "warning"}>
              {delivery.status === "succeeded" ? "Delivered" : delivery.status === "failed" ? "Failed" : "Pending"}
            </Badge>
            <code className="font-mono text-xs">{delivery.event}</code>
            <span className="text-muted-foreground">
              {when(delivery.lastAttemptAt ?? delivery.createdAt)}
              {delivery.error ? ` · ${delivery.error}` : delivery.responseStatus ? ` · ${delivery.responseStatus}` : ""}
              {delivery.attempts > 1 ? ` · ${delivery.attempts} attempts` : ""}
            </span>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="ghost" size="sm" onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching}>
          Refresh
        </Button>
      </div>
    </div>
  );
}
