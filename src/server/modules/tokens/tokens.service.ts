import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { CreatedToken, CreateTokenBody, PersonalAccessToken } from "../../../shared/api/tokens.ts";
import { AppError, notFound } from "../../app-error.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { tokenScopeOf } from "../oauth/oauth.service.ts";
import { hashTokenSecret, newTokenSecret } from "./token-secrets.ts";
import { tokensRepository } from "./tokens.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired tokens count until removed: the list shows them, and a user clears them there. */
export const MAX_TOKENS_PER_USER = 50;

/** The OAuth module's grants, shown and revoked beside the tokens. */
export interface Connections {
  listConnections(
    userId: string,
  ): Promise<Array<{ id: string; clientName: string; scope: string; createdAt: string; lastUsedAt: string | null }>>;
  revokeConnection(userId: string, grantId: string): Promise<boolean>;
}

export function tokensService({
  kysely,
  dialect,
  now,
  connections,
}: {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  connections: Connections;
}) {
  const repository = tokensRepository(kysely);
  return {
    liveTokenIds: (tokenIds: string[]) => repository.liveTokenIds(tokenIds, now().toISOString()),

    async createToken(userId: string, body: CreateTokenBody): Promise<CreatedToken> {
      const at = now();
      const secret = newTokenSecret();
      const token = {
        id: randomUUID(),
        name: body.name,
        scope: body.scope,
        createdAt: at.toISOString(),
        expiresAt: body.expiresInDays === undefined ? null : new Date(at.getTime() + body.expiresInDays * DAY_MS).toISOString(),
      };
      await kysely.transaction().execute(async (trx) => {
        const tokens = tokensRepository(trx);
        if ((await tokens.countTokens(userId, dialect === "postgres")) >= MAX_TOKENS_PER_USER) {
          throw new AppError("conflict", `At most ${MAX_TOKENS_PER_USER} tokens: revoke one you no longer use (expired ones too) first`);
        }
        await tokens.insertToken(userId, { ...token, tokenHash: hashTokenSecret(secret) });
      });
      return { ...token, kind: "personal" as const, token: secret };
    },

    /** Newest first, the connections' and the tokens' together. */
    async listTokens(userId: string): Promise<PersonalAccessToken[]> {
      const [tokens, granted] = await Promise.all([repository.listTokens(userId), connections.listConnections(userId)]);
      return [
        ...tokens.map((token) => ({ ...token, kind: "personal" as const })),
        ...granted.map(({ id, clientName, scope, createdAt, lastUsedAt }) => ({
          id,
          kind: "connection" as const,
          name: clientName,
          scope: tokenScopeOf(scope),
          createdAt,
          expiresAt: null,
          lastUsedAt,
        })),
      ].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    },

    async revokeToken(userId: string, tokenId: string): Promise<void> {
      if (await repository.revokeToken(userId, tokenId, now().toISOString())) return;
      if (!(await connections.revokeConnection(userId, tokenId))) throw notFound("Token");
    },
  };
}
