import { Loader2 } from "lucide-react";

export function LoadingScreen() {
  return (
    <div className="grid min-h-dvh place-items-center p-6">
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
        <p className="text-lg font-medium">Loading...</p>
        <p className="text-sm text-muted-foreground">Checking authentication status</p>
      </div>
    </div>
  );
}
