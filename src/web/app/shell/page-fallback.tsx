import { Skeleton } from "../../components/ui/skeleton.tsx";

export function PageFallback() {
  return (
    <div role="status" className="grid animate-delayed-fade-in gap-6">
      <span className="sr-only">Loading page</span>
      <Skeleton className="h-9 w-48" />
      <div className="grid gap-4 md:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}
