import { Suspense } from "react";
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";
import { cn } from "../../lib/utils.ts";

// react-markdown and its parsers stay out of every first paint (decision 013); until they have
// arrived the text shows as written, which for plain text is what the Markdown shows too.
const Loaded = lazyWithPreload(() => import("./safe-markdown.tsx").then((module) => module.SafeMarkdown));

/** Loads the Markdown renderer ahead of its first use. */
export const preloadSafeMarkdown = (): Promise<unknown> => Loaded.preload().catch(() => undefined);

/** SafeMarkdown, loaded on first use; `className` styles the block, as it does SafeMarkdown's. */
export function LazySafeMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <Suspense fallback={<div className={cn("break-words whitespace-pre-wrap", className)}>{text}</div>}>
      <Loaded text={text} className={className} />
    </Suspense>
  );
}
