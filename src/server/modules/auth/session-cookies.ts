import type { FastifyReply } from "fastify";
import { ACCESS_COOKIE, CSRF_COOKIE, REFRESH_COOKIE, REFRESH_COOKIE_PATH } from "./session-tokens.ts";
import type { IssuedSession } from "./sessions.service.ts";

export interface CookiePolicy {
  isSecure: boolean;
  now: () => Date;
}

const secondsUntil = (instant: Date, now: Date) => Math.max(0, Math.floor((instant.getTime() - now.getTime()) / 1000));

export function setSessionCookies(reply: FastifyReply, session: IssuedSession, policy: CookiePolicy): void {
  const now = policy.now();
  const base = { sameSite: "lax" as const, secure: policy.isSecure };
  reply.setCookie(ACCESS_COOKIE, session.accessToken, {
    ...base,
    httpOnly: true,
    path: "/",
    maxAge: secondsUntil(session.accessExpiresAt, now),
  });
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...base,
    httpOnly: true,
    path: REFRESH_COOKIE_PATH,
    maxAge: secondsUntil(session.refreshExpiresAt, now),
  });
  // Readable by the page, which echoes it; it lives as long as the refresh token, so that POST /auth/refresh
  // still works once the access cookie has expired.
  reply.setCookie(CSRF_COOKIE, session.csrfToken, {
    ...base,
    httpOnly: false,
    path: "/",
    maxAge: secondsUntil(session.refreshExpiresAt, now),
  });
}

export function clearSessionCookies(reply: FastifyReply, policy: CookiePolicy): void {
  const base = { sameSite: "lax" as const, secure: policy.isSecure };
  reply.clearCookie(ACCESS_COOKIE, { ...base, httpOnly: true, path: "/" });
  reply.clearCookie(REFRESH_COOKIE, { ...base, httpOnly: true, path: REFRESH_COOKIE_PATH });
  reply.clearCookie(CSRF_COOKIE, { ...base, httpOnly: false, path: "/" });
}
