// All three tokens carry an HMAC over the session id; the session row is still checked on every request, so a
// revoked session is refused at once. Only a refresh token's SHA-256 is stored.
import { createHmac, hash, randomBytes, timingSafeEqual } from "node:crypto";

export const ACCESS_COOKIE = "access_token";
export const REFRESH_COOKIE = "refresh_token";
export const CSRF_COOKIE = "csrfToken";
export const SIGN_IN_COOKIE = "sign_in_flow";
export const CSRF_HEADER = "x-csrf-token";

export const REFRESH_COOKIE_PATH = "/auth";

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
export const ACCESS_TTL_MS = 60 * MINUTE_MS;
export const REFRESH_IDLE_TTL_MS = 14 * DAY_MS;
export const SESSION_ABSOLUTE_TTL_MS = 60 * DAY_MS;
/** A rotated refresh token presented again this soon after its rotation is a parallel tab, not a replay. */
export const REFRESH_REUSE_GRACE_MS = 10 * 1000;
export const SIGN_IN_FLOW_TTL_MS = 10 * MINUTE_MS;

function randomBase64url(bytes: number): string {
  return randomBytes(bytes).toString("base64url");
}

function sign(secret: string, purpose: string, payload: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${payload}`).digest("base64url");
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function signPair(secret: string, purpose: string, first: string, second: string): string {
  const payload = `${first}.${second}`;
  return `${payload}.${sign(secret, purpose, payload)}`;
}

function readPair(secret: string, purpose: string, token: string | undefined): [string, string] | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [first, second, mac] = parts as [string, string, string];
  return safeEqual(mac, sign(secret, purpose, `${first}.${second}`)) ? [first, second] : null;
}

export function createAccessToken(secret: string, sessionId: string, expiresAt: Date): string {
  return signPair(secret, "access", sessionId, String(Math.floor(expiresAt.getTime() / 1000)));
}

export function readAccessToken(secret: string, token: string | undefined, now: Date): { sessionId: string; expiresAtMs: number } | null {
  const pair = readPair(secret, "access", token);
  if (!pair) return null;
  const [sessionId, exp] = pair;
  const expiresAtMs = Number(exp) * 1000;
  if (!(expiresAtMs > now.getTime())) return null;
  return { sessionId, expiresAtMs };
}

export function createCsrfToken(secret: string, sessionId: string): string {
  const nonce = randomBase64url(16);
  return `${nonce}.${sign(secret, "csrf", `${sessionId}.${nonce}`)}`;
}

export function isValidCsrfToken(secret: string, sessionId: string, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, mac, extra] = token.split(".");
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(mac, sign(secret, "csrf", `${sessionId}.${nonce}`));
}

// The session id lets a refresh find its session by primary key; the MAC tells a token that is no longer live
// from garbage (a replay revokes the family).
export function createRefreshToken(secret: string, sessionId: string): string {
  return signPair(secret, "refresh", sessionId, randomBase64url(32));
}

export function readRefreshToken(secret: string, token: string | undefined): string | null {
  return readPair(secret, "refresh", token)?.[0] ?? null;
}

export function hashRefreshToken(token: string): string {
  return hash("sha256", token, "hex");
}

export function deriveSecret(secret: string, purpose: string): string {
  return sign(secret, "derive", purpose);
}
