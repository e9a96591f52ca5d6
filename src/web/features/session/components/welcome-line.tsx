import type { User } from "../../../../shared/api/user.ts";
import { cn } from "../../../lib/utils.ts";

/**
 * "Welcome back, {name}": on two short lines where the header is crowded, on one from lg. The
 * greeting is never cut; a long name is, with its whole text in the title and the page's text.
 */
export function WelcomeLine({ user, className }: { user: Pick<User, "name">; className?: string }) {
  return (
    <p className={cn("flex min-w-0 flex-col text-right text-xs leading-tight sm:text-sm lg:flex-row lg:gap-1 lg:text-left", className)}>
      <span className="shrink-0 whitespace-nowrap text-muted-foreground">Welcome back,</span>{" "}
      <span className="min-w-0 truncate font-medium text-foreground" title={user.name}>
        {user.name}
      </span>
    </p>
  );
}
