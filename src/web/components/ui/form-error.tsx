import { AlertCircle } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/utils.ts";

export function FormError({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p role="alert" className={cn("flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800", className)}>
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}
