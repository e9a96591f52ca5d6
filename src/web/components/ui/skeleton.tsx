import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

/** A placeholder block; hidden from assistive technology (announce loading with role="status" around it). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}
