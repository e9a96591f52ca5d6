import type { ReactNode } from "react";
import { useDocumentTitle } from "../hooks/use-document-title.ts";
import { cn } from "../lib/utils.ts";

interface PageHeaderProps {
  title: string;
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

export function PageHeader({ title, documentTitle, description, actions, className }: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    // The actions line up with the heading (both 2.5rem high from sm), not with the description below it.
    <div className={cn("mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between", className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl sm:leading-10">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground sm:text-base">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
