import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

export const fieldClassName = cn(
  "w-full min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs transition-colors md:text-sm",
  "placeholder:text-muted-foreground",
  "focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40",
  "disabled:cursor-not-allowed disabled:opacity-50",
  "aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30",
);

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(fieldClassName, "h-10 py-2 file:border-0 file:bg-transparent file:text-sm file:font-medium", className)}
      {...props}
    />
  );
}
