import { Portal } from "radix-ui";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast.tsx";
import { TOAST_DURATION, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD, dismissToast, useToast } from "./use-toast.ts";

/** Renders the toast store; mount once, near the root. */
export function Toaster() {
  const { toasts } = useToast();
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
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      {/* Outside the app root, which is inert while a modal is open: toasts stay usable. */}
      <Portal.Root>
        <ToastViewport hotkey={TOAST_HOTKEY} />
      </Portal.Root>
    </ToastProvider>
  );
}
