import type { User } from "../../../../shared/api/user.ts";
import { Avatar, AvatarFallback, AvatarImage } from "../../../components/ui/avatar.tsx";
import { getInitials } from "../lib/get-initials.ts";

/** Decorative: the user's name is always next to it or in the control's label. */
export function UserAvatar({ user, className }: { user: Pick<User, "name" | "email" | "avatarUrl">; className?: string }) {
  return (
    <Avatar className={className}>
      {user.avatarUrl ? <AvatarImage src={user.avatarUrl} alt="" referrerPolicy="no-referrer" /> : null}
      <AvatarFallback delayMs={user.avatarUrl ? 400 : undefined}>{getInitials(user.name, user.email)}</AvatarFallback>
    </Avatar>
  );
}
