import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";
import { DialogCloseButton } from "./dialog.tsx";
import { useReturnFocus } from "./use-return-focus.ts";

/** Not modal, so things can be dragged from the panel onto the page. */
export function SidePanel(props: Omit<ComponentProps<typeof DialogPrimitive.Root>, "modal">) {
  return <DialogPrimitive.Root modal={false} {...props} />;
}

export function SidePanelContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Content
        className={cn(
          "fixed inset-y-0 right-0 z-50 flex h-full w-full flex-col border-l bg-popover shadow-2xl focus-visible:outline-none sm:max-w-md",
          "data-[state=open]:animate-slide-in-from-right data-[state=closed]:animate-slide-out-to-right",
          className,
        )}
        {...props}
        {...returnFocus}
      >
        {children}
        <DialogCloseButton />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function SidePanelHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 border-b p-4 pr-12", className)} {...props} />;
}

export function SidePanelBody({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("min-h-0 flex-1 overflow-y-auto p-4", className)} {...props} />;
}

export function SidePanelTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

export { DialogDescription as SidePanelDescription } from "./dialog.tsx";
