// Test sign-in: creates a user and a live session directly, and returns the headers a browser
// would send (cookies and the CSRF header), for app.inject.
import { randomUUID } from "node:crypto";
import type { App } from "../app.ts";
import {
  ACCESS_COOKIE,
  ACCESS_TTL_MS,
  CSRF_COOKIE,
  createAccessToken,
  createCsrfToken,
} from "../modules/auth/session-tokens.ts";
import { TEST_SECRET } from "./test-app.ts";

export interface SignedInUser {
  userId: string;
  sessionId: string;
  /** Headers for safe requests: the cookies. */
  headers: { cookie: string };
  /** Headers for unsafe requests: the cookies and X-CSRF-Token. */
  mutatingHeaders: { cookie: string; "x-csrf-token": string };
}

export async function signInTestUser(
  app: App,
  user: { name?: string; email?: string; timeZone?: string } = {},
): Promise<SignedInUser> {
  const now = app.now();
  const userId = randomUUID();
  const sessionId = randomUUID();
  const iso = now.toISOString();
  await app.db.kysely
    .insertInto("users")
    .values({
      id: userId,
      name: user.name ?? "Test User",
      email: user.email ?? `${userId}@example.test`,
      avatarUrl: null,
      timeZone: user.timeZone ?? "UTC",
      createdAt: iso,
      updatedAt: iso,
    })
    .execute();
  await app.db.kysely
    .insertInto("sessions")
    .values({
      id: sessionId,
      userId,
      createdAt: iso,
      lastUsedAt: iso,
      expiresAt: new Date(now.getTime() + 60 * 24 * 3600 * 1000).toISOString(),
      revokedAt: null,
      userAgent: "test",
    })
    .execute();
  const access = createAccessToken(TEST_SECRET, sessionId, new Date(now.getTime() + ACCESS_TTL_MS));
  const csrf = createCsrfToken(TEST_SECRET, sessionId);
  const cookie = `${ACCESS_COOKIE}=${access}; ${CSRF_COOKIE}=${csrf}`;
  return { userId, sessionId, headers: { cookie }, mutatingHeaders: { cookie, "x-csrf-token": csrf } };
}
