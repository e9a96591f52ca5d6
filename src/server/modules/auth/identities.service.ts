import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { scheduleAutoRollover } from "../rollover/auto-rollover-schedule.ts";
import type { Database } from "../../db/schema.ts";
import { identitiesRepository, type Profile } from "./identities.repository.ts";

export interface IdentityClaims {
  iss: string;
  sub: string;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  email?: unknown;
  picture?: unknown;
}

const NAME_MAX = 200;
const EMAIL_MAX = 320;
const URL_MAX = 2000;
/** New users start in UTC; the web app sends the browser's zone right after sign-in. */
const DEFAULT_TIME_ZONE = "UTC";

/** Without NUL characters, which PostgreSQL cannot store. */
function text(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const cleaned = value.replaceAll("\u0000", "").trim();
  return cleaned === "" ? undefined : cleaned;
}

function avatarUrl(value: unknown): string | null {
  const candidate = text(value);
  if (!candidate || candidate.length > URL_MAX) return null;
  try {
    return new URL(candidate).protocol === "https:" ? candidate : null;
  } catch {
    return null;
  }
}

export function profileFromClaims(claims: IdentityClaims): Profile {
  const email = text(claims.email)?.slice(0, EMAIL_MAX) ?? null;
  const fullName = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ");
  const name = text(claims.name) ?? (fullName || undefined) ?? email?.split("@")[0] ?? "User";
  return { name: name.slice(0, NAME_MAX), email, avatarUrl: avatarUrl(claims.picture) };
}

function isUniqueViolation(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /unique/i.test(message) || (error as { code?: string } | null)?.code === "23505";
}

export function identitiesService(deps: { kysely: Kysely<Database>; now: () => Date }) {
  const { kysely, now } = deps;

  async function upsert(claims: IdentityClaims): Promise<string> {
    const iso = now().toISOString();
    const profile = profileFromClaims(claims);
    return kysely.transaction().execute(async (trx) => {
      const repository = identitiesRepository(trx);
      const existing = await repository.findUserIdByIdentity(claims.iss, claims.sub);
      if (existing) {
        await repository.updateProfile(existing, profile, claims.iss, claims.sub, iso);
        return existing;
      }
      const userId = randomUUID();
      await repository.insertUserWithIdentity(
        { id: userId, timeZone: DEFAULT_TIME_ZONE, ...profile },
        { id: randomUUID(), issuer: claims.iss, subject: claims.sub },
        iso,
      );
      // The defaults have auto rollover on: the new user's first one is scheduled at once.
      await scheduleAutoRollover(trx, userId, now());
      return userId;
    });
  }

  return {
    async upsertUserFromClaims(claims: IdentityClaims): Promise<string> {
      try {
        return await upsert(claims);
      } catch (error) {
        // Two first sign-ins of the same identity at once: the loser finds the winner's row.
        if (!isUniqueViolation(error)) throw error;
        return upsert(claims);
      }
    },
  };
}
