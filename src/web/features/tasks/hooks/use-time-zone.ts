import type { User } from "../../../../shared/api/user.ts";
import { useUser } from "../../session/index.ts";

/** A user's IANA zone, or the browser's while no user is loaded. */
export function timeZoneOf(user: User | null | undefined): string {
  return user?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The signed-in user's IANA zone: every calendar day is computed in it (product-decisions.md). */
export function useTimeZone(): string {
  const { data: user } = useUser();
  return timeZoneOf(user);
}
