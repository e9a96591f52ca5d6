import type { ComponentProps } from "react";
import type { User } from "../../../../shared/api/user.ts";
import { cn } from "../../../lib/utils.ts";
import { getInitials } from "../lib/get-initials.ts";
import { UserAvatar } from "./user-avatar.tsx";

/** Also the menu's stand-in while its code loads. */
export function UserMenuTrigger({ user, className, ...props }: ComponentProps<"button"> & { user: User }) {
  return (
    <button
      type="button"
      // The visible initials are part of the name (axe: label-content-name-mismatch), so "click AL" works too.
      aria-label={`Account menu for ${user.name} (${getInitials(user.name, user.email)})`}
      className={cn(
        "rounded-full transition-shadow hover:ring-2 hover:ring-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
      {...props}
    >
      <UserAvatar user={user} />
    </button>
  );
}
