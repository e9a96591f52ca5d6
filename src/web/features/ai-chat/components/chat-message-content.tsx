import Markdown, { type Components } from "react-markdown";

// Replies are Markdown. Raw HTML in a reply is never inserted: react-markdown turns it into plain
// text (no rehype-raw here), and its URL filter drops javascript: links.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" className="font-medium text-primary underline" />,
  ul: ({ node: _node, ...props }) => <ul {...props} className="my-1 list-disc pl-5" />,
  ol: ({ node: _node, ...props }) => <ol {...props} className="my-1 list-decimal pl-5" />,
  p: ({ node: _node, ...props }) => <p {...props} className="my-1 first:mt-0 last:mb-0" />,
  h1: ({ node: _node, ...props }) => <p {...props} className="my-1 font-semibold" />,
  h2: ({ node: _node, ...props }) => <p {...props} className="my-1 font-semibold" />,
  h3: ({ node: _node, ...props }) => <p {...props} className="my-1 font-semibold" />,
  code: ({ node: _node, ...props }) => <code {...props} className="rounded bg-background/60 px-1 font-mono text-xs" />,
  pre: ({ node: _node, ...props }) => <pre {...props} className="my-1 overflow-x-auto rounded bg-background/60 p-2" />,
  img: ({ alt }) => <span>{alt}</span>,
};

export function ChatMessageContent({ content }: { content: string }) {
  return (
    <div className="text-sm leading-relaxed break-words">
      <Markdown components={components}>{content}</Markdown>
    </div>
  );
}
