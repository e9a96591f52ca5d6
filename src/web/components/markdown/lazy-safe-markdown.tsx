import { Suspense } from "react";
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";
import { cn } from "../../lib/utils.ts";

// Until react-markdown arrives the text shows as written, which for plain text is what Markdown shows too.
const Loaded = lazyWithPreload(() => import("./safe-markdown.tsx").then((module) => module.SafeMarkdown));

export const preloadSafeMarkdown = (): Promise<unknown> => Loaded.preload().catch(() => undefined);

export function LazySafeMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <Suspense fallback={<div className={cn("break-words whitespace-pre-wrap", className)}>{text}</div>}>
      <Loaded text={text} className={className} />
    </Suspense>
  );
}
