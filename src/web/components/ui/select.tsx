import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";
import { fieldClassName } from "./input.tsx";

/** Native: the platform's picker is the most accessible one on phones and with screen readers.
 *  `width` sizes the wrapper, so the chevron stays inside a narrower field. */
export function Select({ className, width = "w-full", ...props }: ComponentProps<"select"> & { width?: string }) {
  return (
    <div className={cn("relative", width)}>
      <select className={cn(fieldClassName, "h-10 appearance-none py-2 pr-9", className)} {...props} />
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
