import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "../../../../shared/api/user.ts";
import { ApiError, apiJson, CSRF_COOKIE, readCookie, refreshSession } from "../../../lib/api-client.ts";
import { queryPrefixes } from "../../../lib/query-dependents.ts";

export const userQueryKey = queryPrefixes.user;

async function fetchUser(): Promise<User> {
  return apiJson<User>("/api/user", { refreshOn401: false });
}

// 401 or any failure means no user (spec sections 4 and 8), except a lapsed access cookie with a live
// refresh session: one silent refresh first (docs/decisions/004-returning-users.md).
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

export function useUser() {
  return useQuery(userQueryOptions());
}
