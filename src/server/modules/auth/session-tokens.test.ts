import { describe, expect, it } from "vitest";
import { createCsrfToken, createRefreshToken, hashRefreshToken, isValidCsrfToken, readRefreshToken } from "./session-tokens.ts";

const SECRET = "s".repeat(32);
const SESSION = "6f1c2a56-8d0e-4c1b-9a53-0b7f3e2d4c11";

describe("refresh tokens", () => {
  it("name their session, carry 256 fresh random bits each (across refills of the random pool) and are signed", () => {
    const tokens = Array.from({ length: 1000 }, () => createRefreshToken(SECRET, SESSION));
    const randoms = tokens.map((token) => token.split(".")[1]!);
    expect(new Set(randoms).size).toBe(tokens.length);
    for (const random of randoms) expect(Buffer.from(random, "base64url")).toHaveLength(32);
    for (const token of tokens) expect(readRefreshToken(SECRET, token)).toBe(SESSION);
  });

  it("are not ours when the session id, the random part or the signature changes, or under another secret", () => {
    const [session, random, mac] = createRefreshToken(SECRET, SESSION).split(".") as [string, string, string];
    const other = createRefreshToken(SECRET, "0b7f3e2d-4c11-4c1b-9a53-6f1c2a568d0e");
    expect(readRefreshToken(SECRET, `${other.split(".")[0]}.${random}.${mac}`)).toBeNull();
    expect(readRefreshToken(SECRET, `${session}.${other.split(".")[1]}.${mac}`)).toBeNull();
    expect(readRefreshToken(SECRET, `${session}.${random}.${other.split(".")[2]}`)).toBeNull();
    expect(readRefreshToken("t".repeat(32), `${session}.${random}.${mac}`)).toBeNull();
    for (const malformed of [undefined, "", random, `${session}.${random}`, `${session}.${random}.${mac}.x`]) {
      expect(readRefreshToken(SECRET, malformed)).toBeNull();
    }
  });

  it("give the same answer when read again (the last read is kept), and none under another secret right after", () => {
    const token = createRefreshToken(SECRET, SESSION);
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(readRefreshToken(SECRET, token)).toBe(SESSION);
    expect(readRefreshToken(SECRET, token)).toBe(SESSION);
    expect(readRefreshToken("t".repeat(32), token)).toBeNull();
    expect(readRefreshToken(SECRET, token)).toBe(SESSION);
    expect(readRefreshToken(SECRET, forged)).toBeNull();
    expect(readRefreshToken(SECRET, forged)).toBeNull();
    expect(readRefreshToken(SECRET, token)).toBe(SESSION);
  });

  it("are stored as their SHA-256, hex", () => {
    expect(hashRefreshToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("CSRF tokens", () => {
  it("are fresh each time and valid only for their session", () => {
    const tokens = Array.from({ length: 500 }, () => createCsrfToken(SECRET, SESSION));
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(isValidCsrfToken(SECRET, SESSION, token)).toBe(true);
    expect(isValidCsrfToken(SECRET, "another-session", tokens[0])).toBe(false);
  });
});
