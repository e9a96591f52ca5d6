// OAuth for the MCP endpoint (docs/decisions/057): clients, a user's grants (connections), one-use codes and
// tokens, each secret stored as its SHA-256 only, found by its unique index.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("oauth_clients")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("uri", "text")
    .addColumn("redirect_uris", "text", (c) => c.notNull())
    .addColumn("auth_method", "text", (c) => c.notNull())
    .addColumn("secret_hash", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("oauth_grants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("client_name", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("oauth_grants_user_idx").on("oauth_grants").columns(["user_id", "created_at"]).execute();
  await db.schema
    .createTable("oauth_codes")
    .addColumn("code_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("redirect_uri", "text", (c) => c.notNull())
    .addColumn("code_challenge", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("oauth_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("grant_id", "text", (c) => c.notNull().references("oauth_grants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("oauth_tokens_grant_idx").on("oauth_tokens").column("grant_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("oauth_tokens").execute();
  await db.schema.dropTable("oauth_codes").execute();
  await db.schema.dropTable("oauth_grants").execute();
  await db.schema.dropTable("oauth_clients").execute();
}
