import { createHash } from "node:crypto";
import { z } from "zod";

export interface SignInFlow {
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  expiresAt: number;
}

const flowSchema = z.object({
  provider: z.string(),
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  returnTo: z.string(),
  expiresAt: z.number(),
});

export function encodeSignInFlow(flow: SignInFlow): string {
  return Buffer.from(JSON.stringify(flow)).toString("base64url");
}

export function decodeSignInFlow(value: string): SignInFlow | null {
  try {
    const parsed = flowSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const PLACEHOLDER_ORIGIN = "http://return-to.invalid";
const RETURN_TO_MAX = 2000;

// Only a path of this site may be a return path: "//evil.example", "/\evil" and anything odd become "/".
export function sanitizeReturnTo(value: unknown): string {
  if (typeof value !== "string" || value.length > RETURN_TO_MAX) return "/";
  if (!value.startsWith("/") || value.startsWith("//")) return "/";
  // Browsers read a backslash as a slash, and strip tabs and newlines from URLs.
  if (value.includes("\\") || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    return "/";
  }
  try {
    const url = new URL(value, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN) return "/";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
}

/** The state's hash: the state itself is not kept. */
export function signInFlowKey(flow: SignInFlow): string {
  return `sign-in:${createHash("sha256").update(flow.state).digest("hex")}`;
}
