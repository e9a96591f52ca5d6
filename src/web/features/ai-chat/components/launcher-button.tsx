import { Sparkles } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../../lib/utils.ts";

export const LAUNCHER_ID = "ai-assistant-launcher";

/** Kept tiny: it is in the initial JavaScript. */
export function LauncherButton({
  isOpen,
  hasNotification,
  className,
  ...props
}: ComponentProps<"button"> & { isOpen: boolean; hasNotification: boolean }) {
  return (
    <button
      type="button"
      id={LAUNCHER_ID}
      aria-label={hasNotification ? "AI Assistant (new message)" : "AI Assistant"}
      aria-expanded={isOpen}
      className={cn(
        "fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform sm:right-6 sm:bottom-6",
        "hover:scale-105 hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
      {...props}
    >
      <Sparkles className="size-6" aria-hidden="true" />
      {hasNotification && (
        <span
          data-testid="ai-notification-dot"
          className="absolute top-0.5 right-0.5 size-3.5 rounded-full border-2 border-background bg-red-600"
          aria-hidden="true"
        />
      )}
    </button>
  );
}
