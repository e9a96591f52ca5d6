import { createHash, randomBytes } from "node:crypto";
import { TOKEN_PREFIX } from "../../../shared/api/tokens.ts";

/** 256 random bits, base64url, after a prefix that secret scanners and people recognise. */
export function newTokenSecret(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/**
 * Stored and looked up by this hash: the database compares hashes of an unguessable secret, so the
 * lookup's timing tells nothing about the secret (no string comparison of secrets anywhere).
 */
export function hashTokenSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** The token of an `Authorization: Bearer` header, "" for a malformed one, or null when there is none. */
export function readBearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match) return /^Bearer\b/i.test(header) ? "" : null;
  return match[1]!;
}
