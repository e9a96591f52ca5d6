import { Suspense } from "react";
import { TooltipProvider } from "../components/ui/tooltip.tsx";
import { AppRoutes } from "./app-routes.tsx";
import { PageFallback } from "./shell/page-fallback.tsx";

/** Everything below the header: the pages, under one tooltip provider. Loaded lazily with its positioning code. */
export function RoutedContent() {
  return (
    <TooltipProvider>
      <Suspense fallback={<PageFallback />}>
        <AppRoutes />
      </Suspense>
    </TooltipProvider>
  );
}
