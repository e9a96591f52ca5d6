// Stateless parts of the session: the signed access cookie and the session-bound CSRF token.
// Both are HMAC-SHA256 over the session id with the server's SESSION_SECRET; the session row
// itself is still checked on every request, so a revoked session is refused at once.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const ACCESS_COOKIE = "access_token";
export const REFRESH_COOKIE = "refresh_token";
export const CSRF_COOKIE = "csrfToken";
export const CSRF_HEADER = "x-csrf-token";
export const ACCESS_TTL_MS = 60 * 60 * 1000;

function sign(secret: string, purpose: string, payload: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${payload}`).digest("base64url");
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createAccessToken(secret: string, sessionId: string, expiresAt: Date): string {
  const payload = `${sessionId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${sign(secret, "access", payload)}`;
}

/** The session id of a well-signed, unexpired access token, else null. */
export function readAccessToken(secret: string, token: string | undefined, now: Date): string | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [sessionId, exp, mac] = parts as [string, string, string];
  if (!safeEqual(mac, sign(secret, "access", `${sessionId}.${exp}`))) return null;
  if (Number(exp) * 1000 <= now.getTime()) return null;
  return sessionId;
}

export function createCsrfToken(secret: string, sessionId: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${sign(secret, "csrf", `${sessionId}.${nonce}`)}`;
}

export function isValidCsrfToken(secret: string, sessionId: string, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, mac, extra] = token.split(".");
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(mac, sign(secret, "csrf", `${sessionId}.${nonce}`));
}
