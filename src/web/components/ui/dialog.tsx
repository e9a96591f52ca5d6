import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type ComponentProps, type ReactNode, createContext, use } from "react";
import { cn } from "../../lib/utils.ts";
import { InertAppRoot } from "./inert-app-root.tsx";
import { useReturnFocus } from "./use-return-focus.ts";

export const DialogClose = DialogPrimitive.Close;

export const DialogOpen = createContext(false);

/** A modal dialog on Radix's non-modal one, with modal parts of our own (decision 072). */
export function Dialog({ open, onOpenChange, children }: { open: boolean; onOpenChange?: (open: boolean) => void; children: ReactNode }) {
  return (
    <DialogOpen value={open}>
      <DialogPrimitive.Root open={open} onOpenChange={onOpenChange} modal={false}>
        {children}
      </DialogPrimitive.Root>
    </DialogOpen>
  );
}

/** Whether the dialog around is open: for a kept body's parts that must rest while it is closed. */
export function useDialogOpen(): boolean {
  return use(DialogOpen);
}

export const overlayClassName = "fixed inset-0 z-50 bg-slate-950/50 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out";

function DialogOverlay({ className }: { className?: string }) {
  const open = useDialogOpen();
  return <div aria-hidden="true" data-state={open ? "open" : "closed"} className={cn(overlayClassName, className)} />;
}

/** Closing without the exit animation: after a save the board underneath shows at once, as quick add's does. */
export const INSTANT_CLOSE = "data-[state=closed]:animate-none!";

/** On phones it starts below the top 7rem, where toasts appear, so a toast never hides its title or close button. */
export function DialogContent({
  className,
  children,
  hideClose = false,
  instantClose = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onPointerDownOutside,
  onFocusOutside,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { hideClose?: boolean; instantClose?: boolean }) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay className={instantClose ? INSTANT_CLOSE : undefined} />
      <DialogPrimitive.Content
        {...returnFocus}
        aria-modal="true"
        // As Radix's modal: a right click outside keeps it, and focus never leaves for the page behind (a toast, say).
        onPointerDownOutside={(event) => {
          onPointerDownOutside?.(event);
          const { button, ctrlKey } = event.detail.originalEvent;
          if (button === 2 || (button === 0 && ctrlKey)) event.preventDefault();
        }}
        onFocusOutside={(event) => {
          onFocusOutside?.(event);
          event.preventDefault();
        }}
        className={cn(
          "fixed top-[calc(50%+3rem)] left-1/2 z-50 grid max-h-[calc(100dvh-8rem)] w-[calc(100%-2rem)] sm:top-1/2 sm:max-h-[calc(100dvh-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto overscroll-contain rounded-lg border bg-popover p-6 shadow-xl",
          "focus-visible:outline-none data-[body=pending]:invisible data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out",
          instantClose && INSTANT_CLOSE,
          className,
        )}
        {...props}
      >
        <InertAppRoot />
        {children}
        {hideClose ? null : <DialogCloseButton />}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogCloseButton() {
  return (
    <DialogPrimitive.Close
      aria-label="Close"
      className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <X className="size-4" aria-hidden="true" />
    </DialogPrimitive.Close>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-6 text-left", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg leading-tight font-semibold", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
