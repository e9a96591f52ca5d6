import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

/** Hidden from assistive technology: a role="status" around it announces the loading. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}
