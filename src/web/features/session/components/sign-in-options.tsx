import { AlertCircle, Loader2, LogIn } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { signInLabel, signInPath } from "../../../../shared/sign-in-path.ts";
import { rememberSignInProvider } from "../../../lib/api-client.ts";
import { useAuthProviders } from "../api/get-auth-providers.ts";

export function SignInOptions() {
  const providers = useAuthProviders();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const { pathname, search } = useLocation();

  if (providers.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading sign-in options</span>
        <Skeleton className="h-11 w-full" />
      </div>
    );
  }

  if (providers.isError) {
    return (
      <div role="alert" className="grid gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p className="flex items-start gap-2">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Sign-in is not available right now. Check your connection and try again.
        </p>
        <Button variant="outline" className="w-full" onClick={() => void providers.refetch()} disabled={providers.isFetching}>
          {providers.isFetching ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Try again
        </Button>
      </div>
    );
  }

  if (providers.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No sign-in method is set up on this server yet.</p>;
  }

  return (
    <ul className="grid gap-3">
      {providers.data.map((provider, index) => (
        <li key={provider.id}>
          <Button asChild size="lg" variant={index === 0 ? "default" : "outline"} className="w-full">
            <a
              // A visitor who opened a page other than the board comes back to it after signing in.
              href={signInPath(provider.id, `${pathname}${search}`)}
              aria-busy={chosenId === provider.id}
              onClick={() => {
                rememberSignInProvider(provider.id);
                setChosenId(provider.id);
              }}
            >
              {chosenId === provider.id ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LogIn aria-hidden="true" />}
              {signInLabel(provider)}
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}
