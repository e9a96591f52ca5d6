import { WifiOff } from "lucide-react";
import { NEEDS_CONNECTION_MESSAGE } from "../lib/online.ts";
import { cn } from "../lib/utils.ts";

/** The visible reason beside a control disabled offline; link it with aria-describedby. */
export function NeedsConnection({ id, className }: { id?: string; className?: string }) {
  return (
    <p id={id} className={cn("flex items-center gap-1.5 text-xs text-muted-foreground", className)}>
      <WifiOff className="size-3 shrink-0" aria-hidden="true" />
      {NEEDS_CONNECTION_MESSAGE}
    </p>
  );
}
