// Every function but the bearer lookup takes the owner's id first; the lookup is by the secret's hash.
import type { Kysely } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import type { Database, PersonalAccessTokenRow, TokenScope } from "../../db/schema.ts";

export type TokenListRow = Pick<PersonalAccessTokenRow, "id" | "name" | "scope" | "createdAt" | "expiresAt" | "lastUsedAt">;

export interface BearerTokenUser {
  tokenId: string;
  userId: string;
  scope: TokenScope;
  expiresAt: string | null;
  lastUsedAt: string | null;
  dataVersion: number;
}

const bearerTokenUserQuery = compiledQuery((db, p: { tokenHash: string }) =>
  db
    .selectFrom("personalAccessTokens as t")
    .innerJoin("users", "users.id", "t.userId")
    .select(["t.id", "t.userId", "t.scope", "t.expiresAt", "t.lastUsedAt", "users.dataVersion"])
    .where("t.tokenHash", "=", p.tokenHash)
    .where("t.revokedAt", "is", null),
);

// Conditional, so that of the requests racing within a minute (on any instance) one writes.
const touchQuery = compiledQuery((db, p: { id: string; now: string; before: string }) =>
  db.updateTable("personalAccessTokens").set({ lastUsedAt: p.now }).where("id", "=", p.id).where("lastUsedAt", "<", p.before),
);
const firstTouchQuery = compiledQuery((db, p: { id: string; now: string }) =>
  db.updateTable("personalAccessTokens").set({ lastUsedAt: p.now }).where("id", "=", p.id).where("lastUsedAt", "is", null),
);

export function tokensRepository(db: Kysely<Database>) {
  return {
    /** Of many users' tokens at once (a heartbeat's), those neither revoked nor expired. */
    async liveTokenIds(tokenIds: string[], now: string): Promise<Set<string>> {
      if (tokenIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("personalAccessTokens")
        .select("id")
        .where("id", "in", tokenIds)
        .where("revokedAt", "is", null)
        .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", now)]))
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    async insertToken(userId: string, token: Omit<PersonalAccessTokenRow, "userId" | "lastUsedAt" | "revokedAt">): Promise<void> {
      await db
        .insertInto("personalAccessTokens")
        .values({ ...token, userId, lastUsedAt: null, revokedAt: null })
        .execute();
    },

    /** The user's tokens not revoked, expired ones too; on PostgreSQL with the user's row locked, so racing creations queue. */
    async countTokens(userId: string, lockOwner: boolean): Promise<number> {
      if (lockOwner) await db.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
      const row = await db
        .selectFrom("personalAccessTokens")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("userId", "=", userId)
        .where("revokedAt", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    listTokens(userId: string): Promise<TokenListRow[]> {
      return db
        .selectFrom("personalAccessTokens")
        .select(["id", "name", "scope", "createdAt", "expiresAt", "lastUsedAt"])
        .where("userId", "=", userId)
        .where("revokedAt", "is", null)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .execute();
    },

    async revokeToken(userId: string, tokenId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("personalAccessTokens")
        .set({ revokedAt: now })
        .where("userId", "=", userId)
        .where("id", "=", tokenId)
        .where("revokedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async findBearerTokenUser(tokenHash: string): Promise<BearerTokenUser | undefined> {
      const row = await bearerTokenUserQuery.takeFirst(db, { tokenHash });
      return (
        row && {
          tokenId: row.id,
          userId: row.userId,
          scope: row.scope,
          expiresAt: row.expiresAt,
          lastUsedAt: row.lastUsedAt,
          dataVersion: Number(row.dataVersion),
        }
      );
    },

    async touchLastUsed(tokenId: string, now: string, before: string, neverUsed: boolean): Promise<void> {
      if (neverUsed) await firstTouchQuery.execute(db, { id: tokenId, now });
      else await touchQuery.execute(db, { id: tokenId, now, before });
    },
  };
}
