import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "../../../../shared/api/user.ts";
import { ApiError, apiJson, CSRF_COOKIE, readCookie, refreshSession } from "../../../lib/api-client.ts";

export const userQueryKey = ["session", "user"] as const;

async function fetchUser(): Promise<User> {
  return apiJson<User>("/api/user", { refreshOn401: false });
}

/**
 * GET /api/user. Spec sections 4 and 8: 401 means "no user", with no retry and no redirect to
 * sign-in, and a user call that fails for any other reason is treated as no user too.
 * One exception (docs/decisions/004-returning-users.md): a visitor whose 60-minute access cookie
 * has lapsed but whose refresh session lives on (the server keeps the csrfToken cookie exactly as
 * long) gets one silent refresh first, so coming back after lunch does not sign them out.
 */
export async function getUser(): Promise<User | null> {
  try {
    return await fetchUser();
  } catch (error) {
    const isUnauthorized = error instanceof ApiError && error.status === 401;
    if (!isUnauthorized) {
      console.warn("Failed to fetch user", error);
      return null;
    }
    if (!readCookie(CSRF_COOKIE) || !(await refreshSession())) return null;
    return fetchUser().catch(() => null);
  }
}

export const userQueryOptions = () => queryOptions({ queryKey: userQueryKey, queryFn: getUser, retry: false });

/** The signed-in user: `data` is null when signed out, undefined while loading. */
export function useUser() {
  return useQuery(userQueryOptions());
}
