import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { CreatedToken, CreateTokenBody, PersonalAccessToken } from "../../../shared/api/tokens.ts";
import { notFound } from "../../app-error.ts";
import type { Database } from "../../db/schema.ts";
import { hashTokenSecret, newTokenSecret } from "./token-secrets.ts";
import { tokensRepository } from "./tokens.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export function tokensService({ kysely, now }: { kysely: Kysely<Database>; now: () => Date }) {
  const repository = tokensRepository(kysely);
  return {
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
      await repository.insertToken(userId, { ...token, tokenHash: hashTokenSecret(secret) });
      return { ...token, token: secret };
    },

    listTokens(userId: string): Promise<PersonalAccessToken[]> {
      return repository.listTokens(userId);
    },

    async revokeToken(userId: string, tokenId: string): Promise<void> {
      if (!(await repository.revokeToken(userId, tokenId, now().toISOString()))) throw notFound("Token");
    },
  };
}
