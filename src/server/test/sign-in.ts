// Test sign-in: creates a user directly and starts a real session for it (the same service the
// sign-in callback uses), and returns the headers a browser would send (cookies and the CSRF
// header), for app.inject. The full sign-in through the local provider is tested in
// modules/auth/local-provider.test.ts.
import { randomUUID } from "node:crypto";
import type { App } from "../app.ts";
import { ACCESS_COOKIE, CSRF_COOKIE, REFRESH_COOKIE } from "../modules/auth/session-tokens.ts";
import { sessionsService } from "../modules/auth/sessions.service.ts";
import { TEST_SECRET } from "./test-app.ts";

export interface SignedInUser {
  userId: string;
  sessionId: string;
  /** Headers for safe requests: the cookies (access, refresh and CSRF, as a browser on /auth sends them). */
  headers: { cookie: string };
  /** Headers for unsafe requests: the cookies and X-CSRF-Token. */
  mutatingHeaders: { cookie: string; "x-csrf-token": string };
  accessToken: string;
  refreshToken: string;
  csrfToken: string;
}

export async function signInTestUser(app: App, user: { name?: string; email?: string; timeZone?: string } = {}): Promise<SignedInUser> {
  const iso = app.now().toISOString();
  const userId = randomUUID();
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
  const sessions = sessionsService({ db: app.db, secret: TEST_SECRET, now: () => app.now() });
  const session = await sessions.startSession(userId, "test");
  const cookie = `${ACCESS_COOKIE}=${session.accessToken}; ${REFRESH_COOKIE}=${session.refreshToken}; ${CSRF_COOKIE}=${session.csrfToken}`;
  return {
    userId,
    sessionId: session.sessionId,
    headers: { cookie },
    mutatingHeaders: { cookie, "x-csrf-token": session.csrfToken },
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    csrfToken: session.csrfToken,
  };
}
