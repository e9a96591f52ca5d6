import type { User } from "../../../../shared/api/user.ts";
import { useUser } from "../../session/index.ts";

export function timeZoneOf(user: User | null | undefined): string {
  return user?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function useTimeZone(): string {
  const { data: user } = useUser();
  return timeZoneOf(user);
}
