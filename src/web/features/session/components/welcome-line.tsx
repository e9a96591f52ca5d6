import type { User } from "../../../../shared/api/user.ts";
import { cn } from "../../../lib/utils.ts";

/** "Welcome back, {name}": on two short lines where the header is crowded, on one from lg. */
export function WelcomeLine({ user, className }: { user: Pick<User, "name">; className?: string }) {
  return (
    <p className={cn("flex min-w-0 flex-col text-right text-xs leading-tight sm:text-sm lg:flex-row lg:gap-1 lg:text-left", className)}>
      <span className="truncate text-muted-foreground">Welcome back,</span>{" "}
      <span className="truncate font-medium text-foreground" title={user.name}>
        {user.name}
      </span>
    </p>
  );
}
