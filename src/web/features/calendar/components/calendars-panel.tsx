import { Copy, Link2, Loader2, Plus, RotateCw, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { CalendarSubscription } from "../../../../shared/api/calendar.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { SettingsSection } from "../../../components/ui/settings-section.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { neighbourControl, useFocusAfterClose } from "../../../components/ui/use-focus-after-close.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import {
  useCreateFeed,
  useDeleteSubscription,
  useFeed,
  useRetrySubscription,
  useRevokeFeed,
  useSubscribe,
  useUpdateSubscription,
} from "../api/calendar-mutations.ts";
import { useSubscriptions } from "../api/calendar-queries.ts";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const eventsText = (count: number) => `${count} ${count === 1 ? "event" : "events"}`;

function SubscribeForm() {
  const subscribe = useSubscribe();
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const urlId = useId();
  const nameId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim()) return;
    subscribe.mutate(
      { url: url.trim(), ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: (created) => {
          setUrl("");
          setName("");
          toast({ title: "Calendar added", description: `${created.name}: ${eventsText(created.eventCount)} read.` });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-3 py-4">
      <div className="grid gap-1.5">
        <Label htmlFor={urlId}>Calendar address (ICS)</Label>
        <Input
          id={urlId}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://… or webcal://…"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={nameId}>Name (optional)</Label>
        <Input id={nameId} value={name} onChange={(event) => setName(event.target.value)} maxLength={100} />
      </div>
      {subscribe.isError ? <FormError>{subscribe.error.message}</FormError> : null}
      <Button type="submit" className="justify-self-start" disabled={subscribe.isPending}>
        {subscribe.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
        {subscribe.isPending ? "Reading the calendar…" : "Add calendar"}
      </Button>
    </form>
  );
}

function SubscriptionRow({ subscription }: { subscription: CalendarSubscription }) {
  const update = useUpdateSubscription();
  const remove = useDeleteSubscription();
  const retry = useRetrySubscription();
  const [colour, setColour] = useState(subscription.colour);
  const switchId = useId();
  const statusId = useId();
  const [confirming, setConfirming] = useState(false);
  const row = useRef<HTMLLIElement>(null);
  const focusAfterClose = useFocusAfterClose();
  const commitColour = () => {
    if (colour !== subscription.colour) update.mutate({ id: subscription.id, colour });
  };
  return (
    <li ref={row} className="grid gap-2 py-4">
      <div className="flex min-w-0 items-center gap-3">
        <input
          type="color"
          value={colour}
          onChange={(event) => setColour(event.target.value)}
          onBlur={commitColour}
          aria-label={`Colour of ${subscription.name}`}
          className="size-7 shrink-0 cursor-pointer rounded border-0 bg-transparent p-0"
        />
        <div className="min-w-0 flex-1">
          <Label htmlFor={switchId} className="block truncate">
            {subscription.name}
          </Label>
          <p className="truncate text-xs text-muted-foreground">{subscription.url}</p>
        </div>
        <Switch
          id={switchId}
          checked={subscription.enabled}
          aria-describedby={statusId}
          onCheckedChange={(enabled) => update.mutate({ id: subscription.id, enabled })}
        />
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Remove ${subscription.name}`}
          disabled={remove.isPending}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove “${subscription.name}”?`}
        description="Its events leave the board and the day's capacity. To see them again, add its address again."
        action="Remove"
        onCloseAutoFocus={focusAfterClose.onCloseAutoFocus}
        onConfirm={() => {
          focusAfterClose.set(neighbourControl(row.current, '[aria-label^="Remove "]'));
          remove.mutate(subscription.id, {
            onError: (error) => toast({ title: "Remove failed", description: error.message, variant: "destructive" }),
          });
        }}
      />
      <p id={statusId} className="text-xs text-muted-foreground">
        {subscription.lastError ? (
          <span className="text-red-800 dark:text-red-300">
            {subscription.lastError}
            {subscription.lastSuccessAt ? ` · showing the copy read ${when(subscription.lastSuccessAt)}` : null}
          </span>
        ) : subscription.lastSuccessAt ? (
          `${eventsText(subscription.eventCount)} · read ${when(subscription.lastSuccessAt)}`
        ) : (
          "Not read yet"
        )}
      </p>
      {subscription.paused ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-xs font-medium">
            Paused after {subscription.failureCount} failed reads in a row: not read again until you retry
          </p>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Retry ${subscription.name}`}
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(subscription.id, {
                // The button leaves with the pause: focus stays in the row, on its switch.
                onSuccess: (read) => {
                  if (!read.paused) document.getElementById(switchId)?.focus();
                },
                onError: (error) => toast({ title: "Retry failed", description: error.message, variant: "destructive" }),
              })
            }
          >
            {retry.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCw aria-hidden="true" />}
            Retry
          </Button>
        </div>
      ) : null}
      {update.isError ? <FormError>{update.error.message}</FormError> : null}
    </li>
  );
}

function FeedSection() {
  const feed = useFeed();
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const fieldId = useId();
  const url = feed.data?.url ?? null;
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  // Create and Revoke each swap the focused button for another.
  const copyButton = useRef<HTMLButtonElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const changedByUser = useRef(false);
  useEffect(() => {
    if (!changedByUser.current) return;
    changedByUser.current = false;
    (url ? copyButton : createButton).current?.focus();
  }, [url]);
  const change = (mutation: typeof create | typeof revoke) => {
    changedByUser.current = true;
    mutation.mutate();
  };

  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: "Feed address copied", description: "Paste it into your calendar app as a subscription." });
    } catch {
      toast({ title: "Could not copy", description: "Select the address and copy it yourself.", variant: "destructive" });
    }
  }

  return (
    <SettingsSection
      title="Your Daywise feed"
      description="A private address your calendar app (Google Calendar, Outlook, Apple Calendar) can subscribe to. It holds your dated tasks from 30 days back to 180 days ahead: tasks with a start time at their time (their estimate long, or 30 minutes), the others as all-day events, each repeating task as one repeating event, with its goal as category. Anyone with the address can read it: revoke it to stop that."
    >
      <div className="grid gap-3 py-4">
        {feed.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : url ? (
          <>
            <Label htmlFor={fieldId}>Feed address</Label>
            <Input id={fieldId} value={url} readOnly onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
            <div className="flex flex-wrap gap-2">
              <Button ref={copyButton} onClick={() => void copy(url)}>
                <Copy aria-hidden="true" />
                Copy address
              </Button>
              <Button variant="outline" disabled={revoke.isPending} onClick={() => setConfirmingRevoke(true)}>
                Revoke
              </Button>
            </div>
          </>
        ) : (
          <Button ref={createButton} className="justify-self-start" disabled={create.isPending} onClick={() => change(create)}>
            <Link2 aria-hidden="true" />
            Create feed address
          </Button>
        )}
        {create.isError ? <FormError>{create.error.message}</FormError> : null}
        {revoke.isError ? <FormError>{revoke.error.message}</FormError> : null}
      </div>
      <ConfirmDialog
        open={confirmingRevoke}
        onOpenChange={setConfirmingRevoke}
        title="Revoke your feed address?"
        description="Calendar apps subscribed to it stop getting your tasks. A new address can be made, and each app must then subscribe to it."
        action="Revoke"
        onConfirm={() => change(revoke)}
        onCloseAutoFocus={(event) => {
          // Revoked before the dialog closed: the effect found the page inert.
          if (!createButton.current) return;
          event.preventDefault();
          createButton.current.focus();
        }}
      />
    </SettingsSection>
  );
}

/** Settings' Calendars tab: the subscribed calendars and the user's own feed. */
export function CalendarsPanel() {
  const subscriptions = useSubscriptions();
  return (
    <div className="grid gap-6">
      <SettingsSection
        title="Subscribed calendars"
        description="Paste a calendar's ICS address (Google's 'Secret address in iCal format', Outlook's published ICS link, Fastmail, Nextcloud, iCloud). Its events show on the board, and busy meetings count against the day's capacity. Calendars are read again every 15 minutes."
      >
        <SubscribeForm />
        {subscriptions.isPending ? (
          <Skeleton className="my-4 h-16 w-full" />
        ) : subscriptions.isError ? (
          <FormError className="my-4">{subscriptions.error.message}</FormError>
        ) : subscriptions.data.length > 0 ? (
          <ul aria-label="Subscribed calendars" className="divide-y">
            {subscriptions.data.map((subscription) => (
              <SubscriptionRow key={subscription.id} subscription={subscription} />
            ))}
          </ul>
        ) : null}
      </SettingsSection>
      <FeedSection />
    </div>
  );
}
