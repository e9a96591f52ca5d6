// A prompt injection may have shaped it: nothing may load or send anything by itself, and no destination may hide.
import Markdown, { type Components } from "react-markdown";
import { cn } from "../../lib/utils.ts";

/** A code block scrolls sideways and so takes the keyboard's focus. */
export const CODE_BLOCK_LABEL = "Code block";

// Raw HTML stays text (no rehype-raw), and react-markdown's default URL filter empties
// javascript: and other unsafe addresses before these components see them.
const components: Components = {
  // A link opens in a new tab only when clicked, and shows where it goes.
  a: ({ href, children }) => {
    if (!href) return <span>{children}</span>;
    const isSelfDescribing = typeof children === "string" && children === href;
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline break-all">
        {children}
        {isSelfDescribing ? null : <span className="font-normal text-muted-foreground"> ({href})</span>}
      </a>
    );
  },
  // A remote image would be fetched, its address carrying whatever the model put in it: text instead.
  img: ({ alt, src }) => (
    <span className="break-all text-muted-foreground">
      {alt ? `${alt} ` : null}({typeof src === "string" && src !== "" ? `image: ${src}` : "image"})
    </span>
  ),
  ul: ({ node: _node, ...props }) => <ul {...props} className="my-1 list-disc pl-5" />,
  ol: ({ node: _node, ...props }) => <ol {...props} className="my-1 list-decimal pl-5" />,
  p: ({ node: _node, ...props }) => <p {...props} className="my-1 first:mt-0 last:mb-0" />,
  h1: ({ node: _node, ...props }) => <p {...props} className="my-1 font-semibold" />,
  h2: ({ node: _node, ...props }) => <p {...props} className="my-1 font-semibold" />,
  h3: ({ node: _node, ...props }) => <p {...props} className="my-1 font-semibold" />,
  code: ({ node: _node, ...props }) => <code {...props} className="rounded bg-background/60 px-1 font-mono text-xs" />,
  pre: ({ node: _node, ...props }) => (
    <pre
      {...props}
      tabIndex={0}
      role="group"
      aria-label={CODE_BLOCK_LABEL}
      className="my-1 overflow-x-auto rounded bg-background/60 p-2 focus-visible:outline-2 focus-visible:outline-ring"
    />
  ),
};

export function SafeMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn("break-words", className)}>
      <Markdown components={components}>{text}</Markdown>
    </div>
  );
}
