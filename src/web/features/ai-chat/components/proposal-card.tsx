import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Check, Loader2, ListChecks, Undo2 } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type {
  Proposal,
  ProposalChange,
  ProposalStatus,
  ProposalTaskView,
  UndoProposalResponse,
} from "../../../../shared/api/ai-proposals.ts";
import { UNDO_WINDOW_MINUTES } from "../../../../shared/api/ai-chat.ts";
import { formatDuration, formatTime12h } from "../../../../shared/rules/format.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError, getErrorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/utils.ts";
import { futureDateLabel, useToday } from "../../tasks/index.ts";
import { useApplyProposal } from "../api/apply-proposal.ts";
import { useDismissProposal } from "../api/dismiss-proposal.ts";
import { proposalQueryKey, proposalQueryOptions, useProposal } from "../api/get-proposal.ts";
import { useUndoProposal } from "../api/undo-proposal.ts";
import { useTimePassed } from "../hooks/use-time-passed.ts";
import type { ProposalRef } from "../lib/chat-messages.ts";
import { takeArrival } from "../lib/proposal-refs.ts";

/** Marks a card, so that the panel leaves Escape to an open one and the chat leaves the focus on it. */
export const PROPOSAL_CARD_ATTRIBUTE = "data-proposal-card";

const STATUS_LABELS: Record<ProposalStatus, string> = {
  open: "Waiting for you",
  applied: "Applied",
  undone: "Undone",
  dismissed: "Dismissed",
  expired: "Expired",
};

const TASK_STATUS_LABELS: Record<ProposalTaskView["status"], string> = {
  todo: "To Do",
  inprogress: "In Progress",
  done: "Done",
  stalled: "Stalled",
};

const KIND_LABELS: Record<ProposalChange["kind"], string> = {
  createTask: "Add",
  updateTask: "Change",
  deleteTask: "Delete",
  createGoal: "New goal",
};

export interface ProposalCardProps {
  proposal: ProposalRef;
  onStateChange(ref: ProposalRef): void;
}

export function ProposalCard({ proposal: ref, onStateChange }: ProposalCardProps) {
  const queryClient = useQueryClient();
  const cardRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const hasExpired = useTimePassed(ref.expiresAt);
  // Applied by its expiry at the latest, it may be undone for the window after: read again, it offers Undo after a reload.
  const undoEnd = Date.parse(ref.expiresAt) + UNDO_WINDOW_MINUTES * 60_000;
  const mayUndo = !useTimePassed(Number.isNaN(undoEnd) ? ref.expiresAt : new Date(undoEnd).toISOString());
  const query = useProposal(ref.id, (ref.status === "open" && !hasExpired) || (ref.status === "applied" && mayUndo));
  const proposal = query.data;
  const serverStatus = proposal?.status ?? ref.status;
  const status: ProposalStatus = serverStatus === "open" && hasExpired ? "expired" : serverStatus;
  const canUndo = !useTimePassed(proposal?.undoUntil ?? null) && status === "applied" && proposal?.undoUntil != null;

  const apply = useApplyProposal(ref.id);
  const dismiss = useDismissProposal(ref.id);
  const undo = useUndoProposal(ref.id);
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(() => new Set());
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [skipped, setSkipped] = useState<UndoProposalResponse["skipped"]>([]);
  const refocus = useRef(false);
  const isBusy = apply.isPending || dismiss.isPending || undo.isPending;

  useEffect(() => {
    if (status !== ref.status) onStateChange({ ...ref, status });
  }, [status, ref, onStateChange]);

  // A proposal that has just arrived says so, and takes the focus unless the user is typing elsewhere.
  useEffect(() => {
    const card = cardRef.current;
    if (!card || !takeArrival(ref.id)) return;
    setAnnouncement(`The assistant proposes: ${ref.summary}. Nothing changes until you apply it.`);
    if (canTakeFocus(card)) card.focus();
  }, [ref.id, ref.summary]);

  const previousStatus = useRef(status);
  useEffect(() => {
    if (previousStatus.current === "open" && status === "expired") setAnnouncement("The proposal expired: nothing was changed.");
    previousStatus.current = status;
  }, [status]);

  // The pressed button is gone after Apply, Dismiss or Undo: the focus stays in the card.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    (cardRef.current?.querySelector<HTMLElement>("[data-proposal-undo]") ?? cardRef.current)?.focus();
  });

  function isFocusInCard(): boolean {
    return cardRef.current?.contains(document.activeElement) ?? false;
  }

  /** After an answer: back into the card if the focus was there and has not gone elsewhere since. */
  function keepFocus(hadFocus: boolean) {
    refocus.current = hadFocus && (isFocusInCard() || document.activeElement === document.body);
  }

  function fail(cause: unknown, fallback: string) {
    setError(getErrorMessage(cause, fallback));
    if (!(cause instanceof ApiError) || cause.status !== 409) return;
    // The proposal moved on elsewhere (another tab, its lifetime): show it as the server has it.
    const current = proposalInBody(cause.body);
    if (current) queryClient.setQueryData(proposalQueryKey(ref.id), current);
    else void queryClient.fetchQuery({ ...proposalQueryOptions(ref.id), staleTime: 0 }).catch(() => {});
  }

  const changes = proposal?.changes ?? [];
  const chosen = changes.filter((change) => !unticked.has(change.id));

  function onApply() {
    if (isBusy || status !== "open" || chosen.length === 0) return;
    const hadFocus = isFocusInCard();
    setError(null);
    apply.mutate(
      chosen.map((change) => change.id),
      {
        onSuccess: (applied) => {
          setAnnouncement(`Applied: ${applied.summary}.`);
          keepFocus(hadFocus);
        },
        onError: (cause) => fail(cause, "The changes could not be applied. Please try again."),
      },
    );
  }

  function onDismiss() {
    if (isBusy || status !== "open") return;
    const hadFocus = isFocusInCard();
    setError(null);
    dismiss.mutate(undefined, {
      onSuccess: () => {
        setAnnouncement("Dismissed: nothing was changed.");
        keepFocus(hadFocus);
      },
      onError: (cause) => fail(cause, "The proposal could not be dismissed. Please try again."),
    });
  }

  function onUndo() {
    if (isBusy || !canUndo) return;
    const hadFocus = isFocusInCard();
    setError(null);
    undo.mutate(undefined, {
      onSuccess: (answer) => {
        setSkipped(answer.skipped);
        setAnnouncement(answer.skipped.length === 0 ? "Undone." : `Undone, but ${answer.skipped.length} left as they are.`);
        keepFocus(hadFocus);
      },
      onError: (cause) => fail(cause, "The changes could not be undone. Please try again."),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (status !== "open" || !proposal) return;
    if (event.key === "Escape") {
      event.preventDefault();
      onDismiss();
    } else if (event.key === "Enter" && !(event.target as HTMLElement).closest("button, a, textarea, input:not([type=checkbox])")) {
      event.preventDefault();
      onApply();
    }
  }

  const isOpen = status === "open" && proposal !== undefined;
  const shownChanges =
    status === "open" ? changes : status === "applied" ? changes.filter((change) => proposal?.appliedChangeIds.includes(change.id)) : [];
  const hasChoice = isOpen && changes.length > 1;

  return (
    <div
      ref={cardRef}
      role="group"
      aria-labelledby={titleId}
      aria-busy={isBusy || query.isFetching}
      aria-live="off"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      {...{ [PROPOSAL_CARD_ATTRIBUTE]: isOpen ? "open" : "closed" }}
      className="w-full min-w-0 rounded-lg border bg-card p-3 text-sm text-card-foreground shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-2">
          <ListChecks className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <p id={titleId} className="min-w-0 font-medium break-words">
            <span className="sr-only">Proposed changes: </span>
            {proposal?.summary ?? ref.summary}
          </p>
        </div>
        {status !== "open" && (
          <Badge variant={status === "applied" ? "success" : "secondary"} data-testid="proposal-status">
            {status === "applied" && <Check aria-hidden="true" />}
            {STATUS_LABELS[status]}
          </Badge>
        )}
      </div>

      {isOpen && <p className="mt-1 text-xs text-muted-foreground">Nothing changes until you apply it.</p>}

      {status === "open" && !proposal && (
        <p className="mt-2 text-muted-foreground">
          {query.isError ? getErrorMessage(query.error, "The proposal could not be loaded.") : "Loading the proposal..."}
        </p>
      )}

      {isOpen && proposal.warning && (
        <p className="mt-2 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{proposal.warning}</span>
        </p>
      )}

      {shownChanges.length > 0 && (
        <ul className="mt-2 space-y-2" aria-label={status === "applied" ? "Changes made" : "Changes"}>
          {shownChanges.map((change) => (
            <ChangeRow
              key={change.id}
              change={change}
              choice={
                hasChoice
                  ? {
                      checked: !unticked.has(change.id),
                      disabled: isBusy,
                      onChange(checked) {
                        setUnticked((current) => {
                          const next = new Set(current);
                          if (checked) next.delete(change.id);
                          else next.add(change.id);
                          return next;
                        });
                      },
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      )}

      {status === "expired" && <p className="mt-2 text-muted-foreground">Nothing was changed. Ask again for a fresh proposal.</p>}
      {status === "dismissed" && <p className="mt-2 text-muted-foreground">Nothing was changed.</p>}
      {status === "undone" && (
        <div className="mt-2 text-muted-foreground">
          <p>The changes were undone.</p>
          {skipped.length > 0 && (
            <>
              <p className="mt-1">Left as they are, changed since:</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5" aria-label="Not undone">
                {skipped.map((entry) => (
                  <li key={entry.changeId} className="break-words">
                    <span className="font-medium text-foreground">{entry.title}</span>: {entry.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      {error !== null && (
        <p role="alert" className="mt-2 rounded-md border border-destructive/40 bg-destructive/10 p-2 text-foreground">
          {error}
        </p>
      )}

      {isOpen && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            onClick={onApply}
            aria-disabled={isBusy || chosen.length === 0}
            aria-describedby={hasChoice ? `${titleId}-chosen` : undefined}
          >
            {apply.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
            {apply.isPending ? "Applying..." : "Apply"}
          </Button>
          <Button size="sm" variant="outline" onClick={onDismiss} aria-disabled={isBusy}>
            Dismiss
          </Button>
          {hasChoice && (
            <span id={`${titleId}-chosen`} className="text-xs text-muted-foreground">
              {chosen.length === 0 ? "Tick at least one change" : `${chosen.length} of ${changes.length} changes`}
            </span>
          )}
        </div>
      )}

      {canUndo && (
        <div className="mt-3">
          <Button size="sm" variant="outline" onClick={onUndo} aria-disabled={isBusy} data-proposal-undo="">
            {undo.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Undo2 aria-hidden="true" />}
            {undo.isPending ? "Undoing..." : "Undo"}
          </Button>
        </div>
      )}
    </div>
  );
}

function proposalInBody(body: string): Proposal | null {
  try {
    const { proposal } = JSON.parse(body) as { proposal?: Proposal };
    return typeof proposal?.id === "string" && typeof proposal.status === "string" && Array.isArray(proposal.changes) ? proposal : null;
  } catch {
    return null;
  }
}

/** Focus moves to a new card unless the user is writing (a draft in the chat's input) or working outside the chat. */
function canTakeFocus(card: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  const chat = card.closest('[role="dialog"]') ?? document.body;
  if (!chat.contains(active)) return false;
  if (active instanceof HTMLInputElement && active.matches("[data-chat-input]")) return active.value === "";
  return !active.matches("input:not([type=checkbox]), textarea, [contenteditable='true']");
}

interface Choice {
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}

function ChangeRow({ change, choice }: { change: ProposalChange; choice?: Choice }) {
  const today = useToday();
  const nameId = useId();
  const isDelete = change.kind === "deleteTask";
  const title = change.after?.title ?? change.before?.title ?? change.goal?.title ?? "";
  const details = (
    <div className="min-w-0 flex-1">
      <p id={nameId} className="break-words">
        <span className="font-medium">{KIND_LABELS[change.kind]}:</span> <span className={cn(isDelete && "line-through")}>{title}</span>
      </p>
      {change.goal && (
        <p className="text-xs text-muted-foreground">
          Target date: {change.goal.targetDate ? futureDateLabel(change.goal.targetDate, today) : "none"}
        </p>
      )}
      {change.before && (
        <Side label="Before" view={change.before} other={change.after} today={today} struck={isDelete} showTitle={titleChanged(change)} />
      )}
      {change.after && (
        <Side label="After" view={change.after} other={change.before} today={today} struck={false} showTitle={titleChanged(change)} />
      )}
    </div>
  );
  return (
    <li className="rounded-md bg-muted/60 p-2">
      {choice ? (
        <label className="flex cursor-pointer items-start gap-2">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={choice.checked}
            disabled={choice.disabled}
            aria-labelledby={nameId}
            onChange={(event) => choice.onChange(event.target.checked)}
          />
          {details}
        </label>
      ) : (
        details
      )}
    </li>
  );
}

function titleChanged(change: ProposalChange): boolean {
  return change.before !== null && change.after !== null && change.before.title !== change.after.title;
}

function Side({
  label,
  view,
  other,
  today,
  struck,
  showTitle,
}: {
  label: "Before" | "After";
  view: ProposalTaskView;
  other: ProposalTaskView | null;
  today: string;
  struck: boolean;
  showTitle: boolean;
}) {
  const facts: { key: string; text: string; differs: boolean }[] = [];
  const add = (key: keyof ProposalTaskView, text: string | null, always: boolean) => {
    const differs = other !== null && view[key] !== other[key];
    if (text !== null && (always || differs || other === null)) facts.push({ key, text, differs: label === "After" && differs });
  };
  if (showTitle) add("title", `“${view.title}”`, true);
  add("date", futureDateLabel(view.date, today), true);
  add("scheduledStartTime", formatTime12h(view.scheduledStartTime), true);
  add("status", TASK_STATUS_LABELS[view.status], true);
  add("estimatedDuration", view.estimatedDuration === null ? null : formatDuration(view.estimatedDuration), false);
  add("goalTitle", view.goalTitle === null ? null : `Goal: ${view.goalTitle}`, false);
  if (view.steps !== undefined) {
    const text = view.steps.length === 0 ? "No steps" : `Steps: ${view.steps.join(", ")}`;
    facts.push({ key: "steps", text, differs: label === "After" && other?.steps?.join("\n") !== view.steps.join("\n") });
  }
  return (
    <p className={cn("mt-0.5 text-xs break-words text-muted-foreground", struck && "line-through")}>
      <span className="inline-block min-w-12 font-medium text-foreground">{label}</span>{" "}
      {facts.map((fact, index) => (
        <span key={fact.key}>
          {index > 0 && " · "}
          <span className={cn(fact.differs && "font-semibold text-foreground")}>{fact.text}</span>
        </span>
      ))}
    </p>
  );
}
