import type { Kysely } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import { exportPages } from "../../db/export-pages.ts";
import type { AiConversationRow, Database } from "../../db/schema.ts";

// Compiled once: every chat exchange is recorded.
const insertConversationQuery = compiledQuery((db, p: AiConversationRow) =>
  db.insertInto("aiConversations").values({
    id: p.id,
    userId: p.userId,
    provider: p.provider,
    inputTokens: p.inputTokens,
    outputTokens: p.outputTokens,
    createdAt: p.createdAt,
  }),
);

export function aiChatRepository(db: Kysely<Database>) {
  return {
    pageForExport: exportPages(db.selectFrom("aiConversations").selectAll()),

    /** Each exchange's provider and time: what an import matches a file's records against. */
    async listKeys(userId: string) {
      return db.selectFrom("aiConversations").select(["provider", "createdAt"]).where("userId", "=", userId).execute();
    },

    /** The (user_id, created_at) index answers it. */
    async listSince(userId: string, since: string, limit: number): Promise<Omit<AiConversationRow, "userId">[]> {
      return db
        .selectFrom("aiConversations")
        .select(["id", "provider", "inputTokens", "outputTokens", "createdAt"])
        .where("userId", "=", userId)
        .where("createdAt", ">=", since)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
    },

    async insertConversation(userId: string, record: Omit<AiConversationRow, "userId">): Promise<void> {
      await insertConversationQuery.execute(db, { ...record, userId });
    },
  };
}
