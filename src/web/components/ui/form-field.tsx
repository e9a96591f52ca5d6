import type { ReactNode } from "react";
import { cn } from "../../lib/utils.ts";

/** Hidden from screen readers: the field itself is aria-required. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-destructive">
      {" "}
      *
    </span>
  );
}

/** Its height is always reserved, so the dialog does not jump when a message appears or goes. */
export function FieldMessage({ id, error, hint, className }: { id: string; error?: ReactNode; hint?: ReactNode; className?: string }) {
  return (
    <div className={cn("-mt-1 -mb-2 min-h-5 text-sm leading-5", className)}>
      {error ? (
        <p id={id} role="alert" className="font-medium text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={id} className="text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
