import { useState } from "react";
import type { User } from "../../../../shared/api/user.ts";
import { cn } from "../../../lib/utils.ts";
import { getInitials } from "../lib/get-initials.ts";

// Decorative: the name is always next to it or in the control's label. Plain elements, not Radix's
// Avatar: it is on every signed-in first paint (decision 013).
export function UserAvatar({ user, className }: { user: Pick<User, "name" | "email" | "avatarUrl">; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const imageUrl = user.avatarUrl && user.avatarUrl !== failedUrl ? user.avatarUrl : null;
  return (
    <span className={cn("relative flex size-9 shrink-0 overflow-hidden rounded-full", className)}>
      <span className="flex size-full items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground">
        {getInitials(user.name, user.email)}
      </span>
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(imageUrl)}
          className="absolute inset-0 aspect-square size-full object-cover"
        />
      ) : null}
    </span>
  );
}
