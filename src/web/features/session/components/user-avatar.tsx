import type { User } from "../../../../shared/api/user.ts";
import { cn } from "../../../lib/utils.ts";
import { getInitials } from "../lib/get-initials.ts";

/**
 * Decorative: the user's name is always next to it or in the control's label. Initials only: the
 * page's CSP loads images from our own origin alone, so that nothing on the page (a model's reply
 * least of all) can send data out in an image address, and the provider's picture is elsewhere.
 * (Plain elements rather than Radix's Avatar: it is on every signed-in first paint, decision 013.)
 */
export function UserAvatar({ user, className }: { user: Pick<User, "name" | "email">; className?: string }) {
  return (
    <span
      className={cn(
        "flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground",
        className,
      )}
    >
      {getInitials(user.name, user.email)}
    </span>
  );
}
