// Module-wide, so that any code, not only components, can raise a toast.
import { type ReactElement, type ReactNode, useSyncExternalStore } from "react";

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5_000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ["F8"];

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactElement;
  variant?: ToastVariant;
  /** Auto-close delay in ms; TOAST_DURATION by default. */
  duration?: number;
}

export interface ToasterToast extends ToastInput {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (input: ToastInput) => void;
}

let toasts: ToasterToast[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToasterToast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** A dismissed toast stays mounted (closed) until the removal delay passes. */
function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((toast) => toast.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string): void {
  const dismissed = toasts.filter((toast) => id === undefined || toast.id === id);
  if (dismissed.length === 0) return;
  for (const toast of dismissed) scheduleRemoval(toast.id);
  setToasts(toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)));
}

function updateToast(id: string, input: ToastInput): void {
  setToasts(toasts.map((toast) => (toast.id === id ? { ...toast, ...input } : toast)));
}

/** One at a time (spec section 4): the newest replaces the others. */
export function toast(input: ToastInput): ToastHandle {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id), update: (next) => updateToast(id, next) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToasterToast[] {
  return toasts;
}

export function useToast(): { toasts: ToasterToast[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
