import { useUser } from "../../session/index.ts";

/** The signed-in user's IANA zone: every calendar day is computed in it (product-decisions.md). */
export function useTimeZone(): string {
  const { data: user } = useUser();
  return user?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
