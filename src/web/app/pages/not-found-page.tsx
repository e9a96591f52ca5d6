import { Compass } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { useDocumentTitle } from "../../hooks/use-document-title.ts";

export function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle("Page not found");
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">Page not found</h1>
      <p className="break-all text-muted-foreground">
        There is no page at <code className="rounded bg-muted px-1.5 py-0.5 text-sm text-foreground">{pathname}</code>.
      </p>
      <Button asChild>
        <Link to="/">Back to today</Link>
      </Button>
    </div>
  );
}
