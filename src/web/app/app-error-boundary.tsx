import { AlertTriangle, RotateCw } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "../components/ui/button.tsx";
import { browserNavigation } from "../lib/api-client.ts";

interface State {
  error: Error | null;
}

/** Also catches a page chunk that is gone after a new release. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Unexpected error", error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main id="main-content" className="grid min-h-dvh place-items-center p-6">
        <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
          <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Something went wrong</h1>
          <p className="text-muted-foreground">
            Daywise hit an unexpected error. Reloading the page usually fixes it; your saved work is safe.
          </p>
          <Button onClick={() => browserNavigation.reload()}>
            <RotateCw aria-hidden="true" />
            Reload the page
          </Button>
        </div>
      </main>
    );
  }
}
