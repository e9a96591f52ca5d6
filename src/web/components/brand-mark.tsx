import { cn } from "../lib/utils.ts";

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <circle cx="16" cy="17" r="6" className="fill-brand-sun" />
      <path d="M6 24h20" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
