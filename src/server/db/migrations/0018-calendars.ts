// Calendars (docs/decisions/035): ICS subscriptions with their expanded events, and each user's private feed.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("calendar_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    // A secret of the user's: never logged, never answered whole.
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("colour", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("last_success_at", "text")
    .addColumn("last_error", "text")
    .addColumn("last_error_at", "text")
    // The last good copy's hash and the day it was expanded on: an unchanged calendar is not written again.
    .addColumn("content_hash", "text")
    .addColumn("expanded_on", "text")
    .addColumn("event_count", "integer", (c) => c.notNull().defaultTo(0))
    // The scheduler's slot, claimed with a lease like the users' job slots.
    .addColumn("next_fetch_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("calendar_subscriptions_user_idx").on("calendar_subscriptions").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("calendar_subscriptions_next_fetch_idx").on("calendar_subscriptions").column("next_fetch_at").execute();

  await db.schema
    .createTable("calendar_events")
    .addColumn("subscription_id", "text", (c) => c.notNull().references("calendar_subscriptions.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    // ISO instants bounding the event wherever the user is (an all-day event's day widened by 14 hours each side).
    .addColumn("range_start", "text", (c) => c.notNull())
    .addColumn("range_end", "text", (c) => c.notNull())
    // Instants for timed events, days (end exclusive) for all-day ones.
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("all_day", "integer", (c) => c.notNull())
    .addColumn("busy", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("calendar_events_user_range_idx")
    .on("calendar_events")
    .columns(["user_id", "range_end", "range_start"])
    .execute();
  await db.schema.createIndex("calendar_events_subscription_idx").on("calendar_events").column("subscription_id").execute();

  await db.schema
    .createTable("calendar_feeds")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    // The secret is an HMAC of this nonce under the server's secret, so the URL can be shown again; only its SHA-256 is stored.
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("secret_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("calendar_feeds").execute();
  await db.schema.dropTable("calendar_events").execute();
  await db.schema.dropTable("calendar_subscriptions").execute();
}
