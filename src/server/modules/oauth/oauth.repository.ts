// The OAuth tables (decision 057). Secrets are looked up by their SHA-256, as personal access tokens are.
import type { Kysely } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import type { Database, OauthClientsTable, OauthCodesTable, OauthGrantsTable, OauthTokensTable } from "../../db/schema.ts";

export type OauthClientRow = OauthClientsTable;

const accessTokenUserQuery = compiledQuery((db, p: { tokenHash: string }) =>
  db
    .selectFrom("oauthTokens as t")
    .innerJoin("oauthGrants as g", "g.id", "t.grantId")
    .innerJoin("users", "users.id", "g.userId")
    .select(["g.id", "g.userId", "g.scope", "g.resource", "t.expiresAt", "g.lastUsedAt", "users.dataVersion"])
    .where("t.tokenHash", "=", p.tokenHash)
    .where("t.kind", "=", "access")
    .where("g.revokedAt", "is", null),
);

const touchQuery = compiledQuery((db, p: { id: string; now: string; before: string }) =>
  db
    .updateTable("oauthGrants")
    .set({ lastUsedAt: p.now })
    .where("id", "=", p.id)
    .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<", p.before)])),
);

export function oauthRepository(db: Kysely<Database>) {
  return {
    findClient: (id: string) => db.selectFrom("oauthClients").selectAll().where("id", "=", id).executeTakeFirst(),

    async saveClient(client: OauthClientRow): Promise<void> {
      await db
        .insertInto("oauthClients")
        .values(client)
        .onConflict((oc) =>
          oc
            .column("id")
            .doUpdateSet({ name: client.name, uri: client.uri, redirectUris: client.redirectUris, createdAt: client.createdAt }),
        )
        .execute();
    },

    async insertCode(code: OauthCodesTable): Promise<void> {
      await db.insertInto("oauthCodes").values(code).execute();
    },

    /** Used once: the row goes as it is read, so of two racing exchanges one gets it. */
    takeCode: (codeHash: string) => db.deleteFrom("oauthCodes").where("codeHash", "=", codeHash).returningAll().executeTakeFirst(),

    async deleteExpiredCodes(now: string): Promise<void> {
      await db.deleteFrom("oauthCodes").where("expiresAt", "<=", now).execute();
    },

    async insertGrant(grant: OauthGrantsTable): Promise<void> {
      await db.insertInto("oauthGrants").values(grant).execute();
    },

    async insertTokens(tokens: OauthTokensTable[]): Promise<void> {
      await db.insertInto("oauthTokens").values(tokens).execute();
    },

    findRefreshToken: (tokenHash: string) =>
      db
        .selectFrom("oauthTokens as t")
        .innerJoin("oauthGrants as g", "g.id", "t.grantId")
        .select([
          "t.tokenHash",
          "t.expiresAt",
          "t.usedAt",
          "g.id as grantId",
          "g.userId",
          "g.clientId",
          "g.scope",
          "g.resource",
          "g.revokedAt",
        ])
        .where("t.tokenHash", "=", tokenHash)
        .where("t.kind", "=", "refresh")
        .executeTakeFirst(),

    /** True for the one caller that marks it used; a second presentation finds it used. */
    async markRefreshUsed(tokenHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("oauthTokens")
        .set({ usedAt: now })
        .where("tokenHash", "=", tokenHash)
        .where("usedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The grant's tokens that can no longer be used; a used refresh token stays until it expires, to catch its replay. */
    async deleteExpiredTokens(grantId: string, now: string): Promise<void> {
      await db.deleteFrom("oauthTokens").where("grantId", "=", grantId).where("expiresAt", "<=", now).execute();
    },

    async deleteToken(tokenHash: string): Promise<void> {
      await db.deleteFrom("oauthTokens").where("tokenHash", "=", tokenHash).execute();
    },

    findTokenGrant: (tokenHash: string) =>
      db
        .selectFrom("oauthTokens as t")
        .innerJoin("oauthGrants as g", "g.id", "t.grantId")
        .select(["t.kind", "g.id as grantId", "g.userId", "g.clientId"])
        .where("t.tokenHash", "=", tokenHash)
        .executeTakeFirst(),

    /** Ends the grant and every token of it; `userId` limits it to the owner's (null: the server's own decision). */
    async revokeGrant(grantId: string, userId: string | null, now: string): Promise<boolean> {
      let query = db.updateTable("oauthGrants").set({ revokedAt: now }).where("id", "=", grantId).where("revokedAt", "is", null);
      if (userId !== null) query = query.where("userId", "=", userId);
      const revoked = Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
      if (revoked) await db.deleteFrom("oauthTokens").where("grantId", "=", grantId).execute();
      return revoked;
    },

    /** The user's other live grants to the client: a connector that connects again replaces its old connection. */
    async revokeOtherGrants(userId: string, clientId: string, keepId: string, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const others = trx
          .selectFrom("oauthGrants")
          .select("id")
          .where("userId", "=", userId)
          .where("clientId", "=", clientId)
          .where("id", "!=", keepId);
        await trx
          .updateTable("oauthGrants")
          .set({ revokedAt: now })
          .where("id", "in", others.where("revokedAt", "is", null))
          .execute();
        await trx.deleteFrom("oauthTokens").where("grantId", "in", others).execute();
      });
    },

    listGrants: (userId: string) =>
      db
        .selectFrom("oauthGrants")
        .select(["id", "clientName", "clientId", "scope", "createdAt", "lastUsedAt"])
        .where("userId", "=", userId)
        .where("revokedAt", "is", null)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .execute(),

    async findAccessTokenUser(tokenHash: string) {
      const row = await accessTokenUserQuery.takeFirst(db, { tokenHash });
      return row && { ...row, dataVersion: Number(row.dataVersion) };
    },

    async touchLastUsed(grantId: string, now: string, before: string): Promise<void> {
      await touchQuery.execute(db, { id: grantId, now, before });
    },
  };
}
