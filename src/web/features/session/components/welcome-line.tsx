import { useEffect, useState } from "react";
import type { User } from "../../../../shared/api/user.ts";
import { cn } from "../../../lib/utils.ts";

const welcomedKey = (userId: string) => `daywise:welcomed:${userId}`;

/** When storage fails, no: a plain "Welcome," is never wrong. */
function wasWelcomed(userId: string): boolean {
  try {
    return localStorage.getItem(welcomedKey(userId)) !== null;
  } catch {
    return false;
  }
}

export function WelcomeLine({ user, className }: { user: Pick<User, "id" | "name">; className?: string }) {
  // Read once: the greeting does not change under the user's eyes when the visit is recorded.
  const [isReturning] = useState(() => wasWelcomed(user.id));
  useEffect(() => {
    try {
      localStorage.setItem(welcomedKey(user.id), "true");
    } catch {
      // Then every visit is greeted as a first one.
    }
  }, [user.id]);
  return (
    <p className={cn("flex min-w-0 flex-col text-right text-xs leading-tight sm:text-sm lg:flex-row lg:gap-1 lg:text-left", className)}>
      <span className="shrink-0 whitespace-nowrap text-muted-foreground">{isReturning ? "Welcome back," : "Welcome,"}</span>{" "}
      <span className="min-w-0 truncate font-medium text-foreground" title={user.name}>
        {user.name}
      </span>
    </p>
  );
}
