import { Portal } from "radix-ui";
import type { ReactNode } from "react";
import { placementStyle, useToastPlacement } from "./toast-placement.ts";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast.tsx";
import { TOAST_DURATION, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD, dismissToast, useToast } from "./use-toast.ts";
import { splitIsolates } from "../../lib/bidi.ts";

export function Toaster() {
  const { toasts } = useToast();
  // Never over a modal dialog's content: beside, above or below it, else behind its overlay.
  const placement = useToastPlacement(toasts.some((shown) => shown.open));
  return (
    <ToastProvider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map(({ id, title, description, action, variant, open, duration }) => (
        <Toast
          key={id}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
          variant={variant}
          duration={duration}
          type={variant === "destructive" ? "foreground" : "background"}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? (
              <ToastDescription>{typeof description === "string" ? renderIsolates(description) : description}</ToastDescription>
            ) : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      {/* Outside the app root, which is inert while a modal is open: toasts stay usable. */}
      <Portal.Root>
        <ToastViewport hotkey={TOAST_HOTKEY} style={placementStyle(placement)} />
      </Portal.Root>
    </ToastProvider>
  );
}

/** The isolation marks dropped, so that a copy is clean. */
function renderIsolates(text: string): ReactNode {
  const parts = splitIsolates(text);
  if (parts.length === 1) return text;
  return parts.map((part, index) => (index % 2 === 1 ? <bdi key={index}>{part}</bdi> : part));
}
